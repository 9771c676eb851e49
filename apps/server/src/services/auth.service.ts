import { ACCOUNT_MESSAGES, type LoginInput, normalizeEmail, type RegisterInput } from "@broadsheet/domain";
import { invalid } from "../errors";
import type { PasswordResetService } from "./password-reset.service";
import { RATE_LIMITS, type RateLimiter } from "./rate-limiter";
import type { SessionsService, SessionUser } from "./sessions.service";
import type { UsersService } from "./users.service";

export interface SignedIn {
  user: SessionUser;
  session: { token: string; expiresAt: Date };
}

/** Registration, login and password changes: users + sessions + rate limits together. */
export function createAuthService(deps: {
  users: UsersService;
  sessions: SessionsService;
  passwordReset: PasswordResetService;
  rateLimiter: RateLimiter;
}) {
  const { users, sessions, passwordReset, rateLimiter } = deps;
  return {
    /** Counts every attempt, valid or not: the limit protects the endpoint from sign-up floods. */
    async countRegistrationAttempt(clientIp: string): Promise<void> {
      await rateLimiter.consume(RATE_LIMITS.registerPerIp, clientIp);
    },

    async register(input: RegisterInput): Promise<SignedIn> {
      const user = await users.register(input);
      return { user, session: await sessions.createSession(user.id) };
    },

    /** Only failures count towards the limits, so other people's mistakes never lock a reader out of their own account. */
    async login(input: LoginInput, clientIp: string): Promise<SignedIn> {
      const email = normalizeEmail(input.email);
      await rateLimiter.ensureBelow(RATE_LIMITS.loginFailuresPerEmail, email);
      await rateLimiter.ensureBelow(RATE_LIMITS.loginFailuresPerIp, clientIp);
      let user: SessionUser;
      try {
        user = await users.authenticate(input);
      } catch (error) {
        await rateLimiter.record(RATE_LIMITS.loginFailuresPerEmail, email);
        await rateLimiter.record(RATE_LIMITS.loginFailuresPerIp, clientIp);
        throw error;
      }
      await rateLimiter.reset(RATE_LIMITS.loginFailuresPerEmail, email);
      return { user, session: await sessions.createSession(user.id) };
    },

    /** Keeps the current session, ends every other one. */
    async changePassword(user: SessionUser, currentToken: string, oldPassword: string, password: string) {
      if (!(await users.checkPassword(user, oldPassword))) throw invalid(ACCOUNT_MESSAGES.oldPasswordWrong);
      await users.setPassword(user.id, password);
      await sessions.endUserSessions(user.id, currentToken);
    },

    async forgotPassword(email: string, clientIp: string): Promise<void> {
      await rateLimiter.consume(RATE_LIMITS.forgotPasswordPerIp, clientIp);
      await passwordReset.requestReset(email);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
