import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { link, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const SECRET_FILE = "visitor-id.secret";

/**
 * The key visitor ids are signed with: made once and kept in DATA_DIR (0600), so every
 * process sharing the data directory (PostgreSQL workers, like the media files) agrees on it.
 */
async function loadSecret(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, SECRET_FILE);
  await mkdir(dataDir, { recursive: true });
  // Written whole under a name of its own, then linked into place: the first link wins, and no
  // process reads the file half written (with "wx" a second worker could read it empty).
  const draft = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  await writeFile(draft, randomBytes(32).toString("base64url"), { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await rm(draft, { force: true });
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
    // A failure is not kept: the next request tries again.
    secret ??= loadSecret(dataDir).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
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
