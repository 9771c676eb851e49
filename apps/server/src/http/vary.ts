/** Adds `name` to the answer's Vary, once, keeping what is there. */
export function addVary(headers: Headers, name: string): void {
  const current = headers.get("vary");
  if (!current) {
    headers.set("Vary", name);
    return;
  }
  const names = current.split(",").map((entry) => entry.trim().toLowerCase());
  if (names.includes("*") || names.includes(name.toLowerCase())) return;
  headers.set("Vary", `${current}, ${name}`);
}
