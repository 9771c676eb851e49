import { mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createVisitorIds } from "./visitor-ids";

describe("visitor ids", () => {
  it("agree on one key when many processes' first requests make it at once", async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "visitor-ids-")), "data");
    // Each instance stands for a worker starting on a fresh data directory; their first calls race.
    const workers = Array.from({ length: 24 }, () => createVisitorIds(dataDir));
    const issued = await Promise.all(workers.map((worker) => worker.issue()));
    for (const { id, cookie } of issued) {
      for (const worker of workers) expect(await worker.verify(cookie)).toBe(id);
    }
    // Only the key is left: no draft of a losing worker.
    expect(readdirSync(dataDir)).toEqual(["visitor-id.secret"]);
  });

  it("refuses an id it did not sign", async () => {
    const visitors = createVisitorIds(mkdtempSync(path.join(os.tmpdir(), "visitor-ids-")));
    const { id } = await visitors.issue();
    expect(await visitors.verify(`${id}.forged`)).toBeNull();
  });
});
