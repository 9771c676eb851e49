import { createReadStream, createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import tar from "tar-stream";
import { ArchiveFormatError, isSafeMediaKey, MANIFEST_FILE, MEDIA_DIR } from "./archive-format";

/** Only the archive's own files, by exact shape: nothing in a foreign archive can land outside `dir`. */
function isArchiveFile(name: string): boolean {
  if (name === MANIFEST_FILE) return true;
  if (/^tables\/[a-z_]{1,64}\.jsonl$/.test(name)) return true;
  const [folder, key, ...rest] = name.split("/");
  return folder === MEDIA_DIR && key !== undefined && rest.length === 0 && isSafeMediaKey(key);
}

/** Unpacks a .tar.gz Broadsheet archive (as Admin → Export downloads it) into `dir`. */
export async function extractArchive(file: string, dir: string): Promise<void> {
  const extract = tar.extract();
  extract.on("entry", (header, stream, next) => {
    const name = header.name.replace(/^\.\//, "");
    if (header.type === "directory") {
      stream.on("end", next).resume();
      return;
    }
    if (header.type !== "file" || !isArchiveFile(name)) {
      extract.destroy(new ArchiveFormatError(`Not a Broadsheet export: the archive holds "${name}".`));
      return;
    }
    const target = path.join(dir, name);
    mkdir(path.dirname(target), { recursive: true })
      .then(() => pipeline(stream, createWriteStream(target)))
      .then(
        () => next(),
        (error: Error) => extract.destroy(error),
      );
  });
  try {
    await pipeline(createReadStream(file), createGunzip(), extract);
  } catch (error) {
    if (error instanceof ArchiveFormatError) throw error;
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new ArchiveFormatError(`${file} does not exist.`);
    throw new ArchiveFormatError(
      `Not a Broadsheet export: ${path.basename(file)} is not a .tar.gz archive (${(error as Error).message}).`,
    );
  }
}
