import {
  ACCOUNT_MESSAGES,
  type LoginInput,
  normalizeEmail,
  type RegisterInput,
  TWO_FACTOR_MESSAGES,
} from "@broadsheet/domain";
import { AppError, conflict, invalid, unauthorized } from "../errors";
import { RATE_LIMITS, type RateLimiter } from "../rate-limits";
import type { PasswordResetService } from "./password-reset.service";
import type { SessionsService, SessionUser } from "./sessions.service";
import type { TwoFactorService } from "./two-factor.service";
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
  twoFactor: TwoFactorService;
}) {
  const { users, sessions, passwordReset, rateLimiter, twoFactor } = deps;
  const accountAndClient = (email: string, client: string) => `${email} ${client}`;

  /** Remembers that the owner signs in from this client, so an attack elsewhere never locks them out here. */
  const rememberClient = (email: string, client: string) =>
    rateLimiter.set(RATE_LIMITS.knownLoginClient, accountAndClient(email, client), 1);

  /**
   * The per-account limit: every attempt takes a point first; past the limit only clients
   * the owner has signed in from lately may still try (the others get 429).
   */
  async function admitToAccount(email: string, client: string): Promise<void> {
    try {
      await rateLimiter.consume(RATE_LIMITS.loginPerAccount, email);
    } catch (error) {
      const known = (await rateLimiter.used(RATE_LIMITS.knownLoginClient, accountAndClient(email, client))) > 0;
      if (!known) throw error;
    }
  }

  /**
   * A signed-in account's proof that its owner is at the keyboard (the password, and a code
   * when two-factor is on) before a security change. Each try takes a point first, so
   * concurrent guesses count; a proof that holds gives it back.
   */
  async function proveOwner(user: SessionUser, password: string, code: string | undefined, wrongPassword: string) {
    // Asked before anything is checked, so a missing code never tells whether the password was right.
    if (twoFactor.isOn(user) && !code?.trim()) throw invalid(TWO_FACTOR_MESSAGES.codeRequired);
    await rateLimiter.consume(RATE_LIMITS.accountSecurityPerUser, user.id);
    if (!(await users.checkPassword(user, password))) throw invalid(wrongPassword);
    if (twoFactor.isOn(user) && !(await twoFactor.checkLoginCode(user, code ?? "")))
      throw invalid(TWO_FACTOR_MESSAGES.codeWrong);
    await rateLimiter.refund(RATE_LIMITS.accountSecurityPerUser, user.id);
  }

  return {
    /** Counts every attempt, valid or not: the limit protects the endpoint from sign-up floods. */
    async countRegistrationAttempt(client: string): Promise<void> {
      await rateLimiter.consume(RATE_LIMITS.registerPerClient, client);
    },

    async register(input: RegisterInput, client: string): Promise<SignedIn> {
      const user = await users.register(input);
      await rememberClient(user.email, client);
      return { user, session: await sessions.createSession(user.id) };
    },

    /**
     * Each limit takes its point before the password is checked, so N concurrent guesses
     * count as N; a successful login gives the points back. Failures from one client never
     * lock the owner out of another.
     */
    async login(input: LoginInput, client: string): Promise<SignedIn> {
      const email = normalizeEmail(input.email);
      const pair = accountAndClient(email, client);
      const refundLoginPoints = () =>
        Promise.all([
          rateLimiter.refund(RATE_LIMITS.loginPerAccountAndClient, pair),
          rateLimiter.refund(RATE_LIMITS.loginPerClient, client),
          rateLimiter.refund(RATE_LIMITS.loginPerAccount, email),
        ]);
      await rateLimiter.consume(RATE_LIMITS.loginPerAccountAndClient, pair);
      await rateLimiter.consume(RATE_LIMITS.loginPerClient, client);
      await admitToAccount(email, client);
      let user: SessionUser;
      try {
        user = await users.authenticate(input);
      } catch (error) {
        // A refusal that is not a wrong password (the server is busy) is not the client's guess.
        if (error instanceof AppError && error.kind === "rate_limited") {
          await refundLoginPoints();
        }
        throw error;
      }
      // Two-factor on: no session before the code. A missing code is the form's next step, not
      // a guess (its points come back); a wrong one costs points like a wrong password.
      if (twoFactor.isOn(user)) {
        if (!input.code) {
          await refundLoginPoints();
          throw unauthorized(TWO_FACTOR_MESSAGES.codeRequired);
        }
        if (!(await twoFactor.checkLoginCode(user, input.code))) throw unauthorized(TWO_FACTOR_MESSAGES.codeWrong);
      }
      await Promise.all([
        rateLimiter.reset(RATE_LIMITS.loginPerAccountAndClient, pair),
        rateLimiter.refund(RATE_LIMITS.loginPerClient, client),
        rateLimiter.refund(RATE_LIMITS.loginPerAccount, email),
        rememberClient(email, client),
      ]);
      return { user, session: await sessions.createSession(user.id) };
    },

    /**
     * Needs the old password and, with two-factor on, a code; a few wrong tries answer 429.
     * Keeps the current session, ends every other one, and voids outstanding reset links.
     */
    async changePassword(
      user: SessionUser,
      currentToken: string,
      input: { oldPassword: string; password: string; code?: string },
    ) {
      await proveOwner(user, input.oldPassword, input.code, ACCOUNT_MESSAGES.oldPasswordWrong);
      await users.setPassword(user.id, input.password);
      await Promise.all([sessions.endUserSessions(user.id, currentToken), passwordReset.voidResetTokens(user.id)]);
    },

    /** Turning two-factor off needs the password and a code, both guessed at the same slow rate. */
    async disableTwoFactor(user: SessionUser, password: string, code: string): Promise<void> {
      if (!twoFactor.isOn(user)) throw conflict(TWO_FACTOR_MESSAGES.notOn);
      await proveOwner(user, password, code, TWO_FACTOR_MESSAGES.passwordWrong);
      await twoFactor.disable(user);
    },

    /** A reset proves the owner: the account's login slow-down is lifted with it. Answers the user. */
    async resetPassword(token: string, password: string): Promise<SessionUser> {
      const user = await users.findById(await passwordReset.resetPassword(token, password));
      await rateLimiter.reset(RATE_LIMITS.loginPerAccount, normalizeEmail(user.email));
      return user;
    },

    /** Answers at once, the same for every address: the lookup and the mail happen off the request path. */
    async forgotPassword(email: string, client: string): Promise<void> {
      await rateLimiter.consume(RATE_LIMITS.forgotPasswordPerClient, client);
      await rateLimiter.consume(RATE_LIMITS.forgotPasswordPerAddress, normalizeEmail(email));
      passwordReset.requestResetInBackground(email);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
