// Writes a brotli (.br) and a gzip (.gz) copy of every compressible built asset, at the best
// levels: hashed assets never change, so they are compressed once here and the server sends
// the copies as they are (serveStatic's `precompressed`), never compressing them per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const assets = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "build", "client", "assets");
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt)$/;
const MIN_BYTES = 1024;

let files = 0;
for (const name of readdirSync(assets)) {
  const file = path.join(assets, name);
  if (!COMPRESSIBLE.test(name) || statSync(file).size < MIN_BYTES) continue;
  const body = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  files += 1;
}
console.log(`Precompressed ${files} assets (brotli and gzip).`);
