/**
 * SKU of a post: first 3 letters of the category in upper case, a dash and a timestamp
 * (docs/product.md#8-validation-and-messages).
 */
export function buildSku(categoryName: string, timestamp: number = Date.now()): string {
  const prefix = categoryName
    .replace(/[^A-Za-z]/g, "")
    .slice(0, 3)
    .toUpperCase();
  return `${prefix}-${timestamp}`;
}
