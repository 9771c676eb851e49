export const ROLES = ["user", "editor", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Staff may manage content and enter the admin area (docs/product.md#2-roles-and-permissions). */
export function isStaff(role: Role | null | undefined): boolean {
  return role === "editor" || role === "admin";
}
