export const ROLES = ["user", "editor", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Staff may manage content and enter the admin area (DESIGN.md §4). */
export function isStaff(role: Role | null | undefined): boolean {
  return role === "editor" || role === "admin";
}
