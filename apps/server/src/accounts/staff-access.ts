import { isStaff, type Role } from "@broadsheet/domain";

/**
 * The one rule for staff powers (drafts, scheduled posts, comment moderation, previews,
 * admin screens): the access middleware and every "is this viewer staff" decision ask it,
 * so a rule such as the site requiring two-factor sign-in holds wherever staff powers apply.
 */
export type StaffAccess = "granted" | "not_staff" | "needs_two_factor";

export interface StaffCandidate {
  role: Role;
  totpSecret: string | null;
}

export async function staffAccess(
  user: StaffCandidate | null | undefined,
  twoFactorRequired: () => Promise<boolean>,
  level: "staff" | "admin" = "staff",
): Promise<StaffAccess> {
  if (!user) return "not_staff";
  if (level === "admin" ? user.role !== "admin" : !isStaff(user.role)) return "not_staff";
  if (user.totpSecret === null && (await twoFactorRequired())) return "needs_two_factor";
  return "granted";
}
