// Renders the web app manifest's PNG icons from the SVG favicon (run after changing it:
// `node scripts/make-icons.mjs`); the PNGs are committed so a build needs no image tools.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(path.resolve("apps/server/package.json"));
const sharp = require("sharp");
const svg = await readFile("apps/web/public/favicon.svg");
const out = (name) => path.join("apps/web/public/icons", name);

for (const size of [192, 512]) {
  await sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toFile(out(`icon-${size}.png`));
}
// Maskable: the mark inside the 80 % safe zone on a full-bleed background.
const inner = await sharp(svg, { density: (72 * 384) / 32 })
  .resize(384, 384)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: "#c8102e" } })
  .composite([{ input: inner, gravity: "center" }])
  .png()
  .toFile(out("icon-maskable-512.png"));
await sharp(svg, { density: (72 * 180) / 32 })
  .resize(180, 180)
  .flatten({ background: "#c8102e" })
  .png()
  .toFile(out("apple-touch-icon.png"));
console.log("icons written to apps/web/public/icons");
