/** Text made safe inside the HTML of a mail (element content and quoted attributes). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
