export { createAuthService } from "./auth.service";
export { type AuthorsService, createAuthorsService } from "./authors.service";
export { createPasswordResetService } from "./password-reset.service";
export { createSessionsService, type SessionsService, type SessionUser } from "./sessions.service";
export { type StaffAccess, staffAccess } from "./staff-access";
export { createToken, hashToken } from "./tokens";
export { createTwoFactorService } from "./two-factor.service";
export { createUsersService, toPublicUser } from "./users.service";
export { createVisitorIds, type VisitorIds } from "./visitor-ids";
