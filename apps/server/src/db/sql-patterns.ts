/** Text for a LIKE / ILIKE pattern, matched literally: `%`, `_` and `\` escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
