import { availableParallelism } from "node:os";
import { MESSAGES } from "@broadsheet/domain";
import { hash, verify } from "@node-rs/argon2";
import { createConcurrencyLimit } from "../concurrency-limit";
import { AppError, rateLimited } from "../errors";

// argon2id with OWASP's recommended minimums (19 MiB, 2 passes).
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/*
 * The global cap on argon2 work: one hash per core at a time, and a short queue. A flood of
 * logins from many addresses gets 429s instead of taking every core and 19 MiB per hash.
 */
const argon2Slot = createConcurrencyLimit(availableParallelism(), {
  maxWaiting: 64,
  whenFull: () => rateLimited(MESSAGES.serverBusy, 1000),
});

export function hashPassword(password: string): Promise<string> {
  return argon2Slot(() => hash(password, ARGON2_OPTIONS));
}

/**
 * The password hash of an account made without a password (an imported site's authors): no
 * password matches it; its owner sets one through the password-reset flow.
 */
export const NO_PASSWORD_HASH = "!no-password";

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // Only an argon2 hash can match: an empty or sentinel hash never lets anyone in, as slowly as a wrong password.
  if (!passwordHash.startsWith("$argon2")) {
    await verifyPassword(await dummyPasswordHash(), password);
    return false;
  }
  try {
    return await argon2Slot(() => verify(passwordHash, password));
  } catch (error) {
    if (error instanceof AppError) throw error;
    return false;
  }
}

// Verifying against this keeps a login for an unknown e-mail as slow as one with a wrong password.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword("not-a-real-password");
  return dummyHash;
}
