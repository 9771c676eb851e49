import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const SECRET_FILE = "visitor-id.secret";

/**
 * The key visitor ids are signed with: made once and kept in DATA_DIR (0600), so every
 * process sharing the data directory (PostgreSQL workers, like the media files) agrees on it.
 */
async function loadSecret(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, SECRET_FILE);
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const secret = (await readFile(file, "utf8")).trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable key: delete it to make a new one`);
  return Buffer.from(secret);
}

/**
 * Signed first-party ids of anonymous readers (`<id>.<HMAC of id>`), so a view can be counted
 * once per reader without an account; an id the server did not sign is never taken as one.
 */
export function createVisitorIds(dataDir: string) {
  let secret: Promise<Buffer> | undefined;
  async function macOf(id: string): Promise<string> {
    secret ??= loadSecret(dataDir);
    return createHmac("sha256", await secret)
      .update(id)
      .digest("base64url");
  }

  return {
    async issue(): Promise<{ id: string; cookie: string }> {
      const id = randomBytes(16).toString("base64url");
      return { id, cookie: `${id}.${await macOf(id)}` };
    },
    /** The id of a cookie value this server signed, or null. */
    async verify(cookie: string | undefined): Promise<string | null> {
      const [id, mac, extra] = cookie?.split(".") ?? [];
      if (!id || !mac || extra !== undefined || id.length > 40) return null;
      const expected = Buffer.from(await macOf(id));
      const given = Buffer.from(mac);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
  };
}

export type VisitorIds = ReturnType<typeof createVisitorIds>;
