/** How a list of names reads in a byline: "A", "A and B", "A, B and C" (docs/product/bylines.md). */
export function bylineSeparators(count: number): string[] {
  return Array.from({ length: count }, (_, index) => (index === 0 ? "" : index === count - 1 ? " and " : ", "));
}

export function joinBylineNames(names: readonly string[]): string {
  const separators = bylineSeparators(names.length);
  return names.map((name, index) => `${separators[index]}${name}`).join("");
}
