import { createHash, randomBytes } from "node:crypto";
import { RECOVERY_CODE_COUNT, TWO_FACTOR_MESSAGES } from "@broadsheet/domain";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { conflict, forbidden, invalid } from "../errors";
import type { SessionUser } from "./sessions.service";

/** otplib and qrcode serve only staff with two-factor sign-in: loaded on first use, not by every worker. */
const loadOtplib = () => import("otplib");
const loadQrCode = async () => (await import("qrcode")).default;

// One step either side: a phone clock 30 s off still works, as authenticator apps expect.
const CLOCK_TOLERANCE_SECONDS = 30;

const hashCode = (code: string) => createHash("sha256").update(code.toLowerCase().replace(/[\s-]/g, "")).digest("hex");

/** "abcd-efgh-ijkl": 60 bits from the OS's randomness, easy to read aloud and type. */
function newRecoveryCode(): string {
  const letters = randomBytes(12)
    .toString("base64")
    .replace(/[^a-z]/gi, "")
    .toLowerCase()
    .padEnd(12, "x")
    .slice(0, 12);
  return `${letters.slice(0, 4)}-${letters.slice(4, 8)}-${letters.slice(8, 12)}`;
}

/**
 * Two-factor sign-in with an authenticator app (issue 15, otplib): setting up (a pending
 * secret until a code proves the app has it), recovery codes (hashed, each works once),
 * and the check a login makes before any session exists. A code is accepted once: the
 * time step it matched is remembered.
 */
export function createTwoFactorService(
  db: Database,
  deps: {
    issuer: () => Promise<string>;
    /** Drops the cached session user, here and on every instance (their row changed). */
    forgetUser: (userId: string) => Promise<void>;
  },
) {
  function requireStaff(user: SessionUser) {
    if (user.role === "user") throw forbidden(TWO_FACTOR_MESSAGES.staffOnly);
  }

  /** Accepts a current TOTP code once (by its time step) against `secret`. */
  async function acceptTotp(userId: string, secret: string, code: string, lastStep: number | null): Promise<boolean> {
    if (!/^\d{6}$/.test(code)) return false;
    const { verify } = await loadOtplib();
    const result = await verify({
      secret,
      token: code,
      epochTolerance: CLOCK_TOLERANCE_SECONDS,
      ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
    });
    if (!result.valid || !("timeStep" in result)) return false;
    const step = result.timeStep;
    // Two logins racing with one code: only the first moves the step forward.
    const [claimed] = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), sql`coalesce(${users.totpLastStep}, -1) < ${step}`))
      .returning({ id: users.id });
    return Boolean(claimed);
  }

  /** Uses up one recovery code; true when it was one of the user's unused ones. */
  async function useRecoveryCode(userId: string, code: string): Promise<boolean> {
    const hash = hashCode(code);
    const [used] = await db
      .update(users)
      .set({ recoveryCodeHashes: sql`array_remove(${users.recoveryCodeHashes}, ${hash})` })
      .where(and(eq(users.id, userId), sql`${hash} = any(${users.recoveryCodeHashes})`))
      .returning({ id: users.id });
    return Boolean(used);
  }

  const service = {
    isOn: (user: SessionUser) => user.totpSecret !== null,

    /** The login's second step: a current code or an unused recovery code. */
    async checkLoginCode(user: SessionUser, code: string): Promise<boolean> {
      if (!user.totpSecret) return true;
      const trimmed = code.trim();
      if (await acceptTotp(user.id, user.totpSecret, trimmed, user.totpLastStep)) return true;
      return useRecoveryCode(user.id, trimmed);
    },

    async beginSetup(user: SessionUser): Promise<{ secret: string; otpauthUrl: string; qrSvg: string }> {
      requireStaff(user);
      if (user.totpSecret) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
      const { generateSecret, generateURI } = await loadOtplib();
      const secret = generateSecret();
      await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, user.id));
      const otpauthUrl = generateURI({ issuer: await deps.issuer(), label: user.email, secret });
      const QRCode = await loadQrCode();
      const qrSvg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
      return { secret, otpauthUrl, qrSvg };
    },

    /** Turns it on when `code` comes from the pending secret; answers the recovery codes, once. */
    async enable(user: SessionUser, code: string): Promise<string[]> {
      requireStaff(user);
      if (user.totpSecret) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
      const [row] = await db.select({ pending: users.totpPendingSecret }).from(users).where(eq(users.id, user.id));
      if (!row?.pending) throw conflict(TWO_FACTOR_MESSAGES.setUpFirst);
      if (!(await acceptTotp(user.id, row.pending, code.trim(), null))) throw invalid(TWO_FACTOR_MESSAGES.codeWrong);
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      await db
        .update(users)
        .set({
          totpSecret: row.pending,
          totpPendingSecret: null,
          recoveryCodeHashes: recoveryCodes.map(hashCode),
          updatedAt: new Date(),
        })
        .where(and(eq(users.id, user.id), isNotNull(users.totpPendingSecret)));
      await deps.forgetUser(user.id);
      return recoveryCodes;
    },

    /** Turns it off; the caller has proven the owner (auth.service: password and code). */
    async disable(user: SessionUser): Promise<void> {
      await db
        .update(users)
        .set({
          totpSecret: null,
          totpPendingSecret: null,
          totpLastStep: null,
          recoveryCodeHashes: [],
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id));
      await deps.forgetUser(user.id);
    },
  };
  return service;
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
