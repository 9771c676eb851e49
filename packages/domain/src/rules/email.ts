/*
 * docs/product.md#8-validation-and-messages: a local part, an at sign, then either a bracketed IP address or a dotted
 * domain ending in a top-level part of at least two letters.
 */
const LOCAL_PART = String.raw`(?:[^<>()[\]\\.,;:\s@"]+(?:\.[^<>()[\]\\.,;:\s@"]+)*|".+")`;
const BRACKETED_IP = String.raw`\[(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\]`;
const DOTTED_DOMAIN = String.raw`(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?\.)+[a-zA-Z]{2,}`;
export const EMAIL_PATTERN = new RegExp(`^${LOCAL_PART}@(?:${BRACKETED_IP}|${DOTTED_DOMAIN})$`);

export const EMAIL_MAX_LENGTH = 254;

export function isValidEmail(email: string): boolean {
  return [...email].length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
