import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";

/* The e2e server has no SMTP_URL: its mails are .eml files in DATA_DIR/outbox. */

/** The newest mail in the server's outbox addressed to `to` (and `matching`, when given), decoded from quoted-printable. */
export async function readNewestMailTo(to: string, matching?: RegExp): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  let found = "";
  await expect
    .poll(
      async () => {
        const names = await readdir(outbox).catch(() => [] as string[]);
        const mails = await Promise.all(
          names
            .filter((name) => name.endsWith(".eml"))
            .map(async (name) => {
              const file = path.join(outbox, name);
              return { text: await readFile(file, "utf8"), time: (await stat(file)).mtimeMs };
            }),
        );
        const mine = mails
          .filter((mail) => mail.text.includes(to) && (!matching || matching.test(mail.text)))
          .sort((a, b) => b.time - a.time);
        found = mine[0]?.text.replace(/=\r?\n/g, "").replace(/=3D/g, "=") ?? "";
        return found.length;
      },
      { message: `a mail to ${to} in ${outbox}` },
    )
    .toBeGreaterThan(0);
  return found;
}
