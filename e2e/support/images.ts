import { randomBytes } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import type { BrowserContext, Page } from "@playwright/test";

/** Content made through the API points at this host, which does not exist: stubImages answers it. */
export const REMOTE_IMAGE = "https://images.example/story.jpg";

const PIXEL_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="900" fill="#cbd5e1"/></svg>';

/** Without it, pages showing remote images wait on a host that never answers. */
export async function stubImages(target: Page | BrowserContext): Promise<void> {
  await target.route("https://images.example/**", (route) =>
    route.fulfill({ status: 200, contentType: "image/svg+xml", body: PIXEL_SVG }),
  );
}

/**
 * A real PNG, size × size in one colour, built in memory (the server re-encodes uploads, so
 * it must decode). `noise` fills it with random pixels, which do not compress, so the file
 * is about size × size × 3 bytes.
 */
export function makePng(
  size: number,
  { noise = false, rgb = [200, 16, 46] }: { noise?: boolean; rgb?: [number, number, number] } = {},
): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(body.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, "ascii"), body])));
    return Buffer.concat([length, Buffer.from(type, "ascii"), body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const plain = Buffer.from(Array.from({ length: size }, () => rgb).flat());
  const rows = Array.from({ length: size }, () =>
    Buffer.concat([Buffer.from([0]), noise ? randomBytes(size * 3) : plain]),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows), { level: noise ? 0 : 6 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const channel = () => Math.floor(Math.random() * 256);

/**
 * A payload for setInputFiles. By default a small PNG in a colour unlikely to repeat, so
 * two uploads are two different files.
 */
export function pngFile(name: string, buffer: Buffer = makePng(6, { rgb: [channel(), channel(), channel()] })) {
  return { name, mimeType: "image/png", buffer };
}
