export const ROLES = ["user", "editor", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The roles that are staff (isStaff). */
export const STAFF_ROLES = ["editor", "admin"] as const satisfies readonly Role[];

/** Staff may manage content and enter the admin area (docs/product.md#2-roles-and-permissions). */
export function isStaff(role: Role | null | undefined): boolean {
  return (STAFF_ROLES as readonly (Role | null | undefined)[]).includes(role);
}
