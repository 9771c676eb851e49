import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock";

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "broadsheet-lock-"));

describe("lockDataDir", () => {
  it("creates the directory and a lock file holding our PID, removed on release", () => {
    const dir = path.join(tempDir(), "nested", "data");
    const lock = lockDataDir(dir);
    const lockFile = path.join(dir, "broadsheet.lock");
    expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it("refuses a second lock while the first is held, with a clear message", () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another Broadsheet process/);
    lock.release();
    lockDataDir(dir).release();
  });

  it("refuses while another live process holds it, and takes over once that process is gone", async () => {
    const dir = tempDir();
    const holder = spawn("sleep", ["30"]);
    writeFileSync(path.join(dir, "broadsheet.lock"), String(holder.pid));
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${holder.pid}`));

    const exited = new Promise((resolve) => holder.once("exit", resolve));
    holder.kill("SIGKILL");
    await exited;
    const lock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, "broadsheet.lock"), "utf8")).toBe(String(process.pid));
    lock.release();
  });

  it("treats an unreadable lock file as stale", () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "broadsheet.lock"), "garbage");
    lockDataDir(dir).release();
  });
});
