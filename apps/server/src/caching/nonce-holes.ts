import { createHash, randomBytes } from "node:crypto";
import { constants, crc32, deflateRawSync } from "node:zlib";

/*
 * A rendered page kept for many readers, cut at each place its CSP nonce stood, so that
 * every response carries a nonce of its own (a nonce seen once must not open later copies).
 * The gzip copy is kept the same way: each part is deflated on its own and ends on a byte
 * boundary, so a response is the parts with the nonce between them as stored blocks, and a
 * checksum combined from the parts' own and the nonce's: nothing is compressed or read
 * through per response (decision 048).
 */

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// A stored block holds at most this many bytes; a nonce is a few dozen.
const MAX_STORED_BYTES = 0xffff;

/** A fresh CSP nonce: 128 random bits, as Hono's secure headers make them. */
export function freshNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The body's parts around each occurrence of `nonce` (the whole body when there is none). */
export function cutAtNonce(body: Buffer, nonce: string): Buffer[] {
  if (!nonce) return [body];
  const needle = Buffer.from(nonce);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, from)) {
    parts.push(body.subarray(from, at));
    from = at + needle.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/**
 * A weak validator of the page whatever its nonce: two renders that differ only in their
 * nonces are the same representation to a cache.
 */
export function entityTag(parts: readonly Buffer[]): string {
  const hash = createHash("sha1");
  parts.forEach((part, index) => {
    if (index > 0) hash.update("\0nonce\0");
    hash.update(part);
  });
  return `W/"${hash.digest("base64url")}"`;
}

/** The parts deflated once, with what a response's gzip trailer needs of each. */
export interface DeflatedParts {
  /** Raw deflate of each part; all but the last end unfinished, on a byte boundary. */
  blocks: Buffer[];
  /** Each part's CRC-32, and x^(8·length) mod the CRC polynomial to shift a checksum past it. */
  checksums: number[];
  shifts: number[];
  length: number;
}

export function deflateParts(parts: readonly Buffer[]): DeflatedParts {
  return {
    blocks: parts.map((part, index) =>
      deflateRawSync(part, {
        finishFlush: index === parts.length - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
      }),
    ),
    checksums: parts.map((part) => crc32(part)),
    shifts: parts.map((part) => shiftFor(part.length)),
    length: parts.reduce((sum, part) => sum + part.length, 0),
  };
}

/** The body with `nonce` in every hole. */
export function fillParts(parts: readonly Buffer[], nonce: string): Buffer[] {
  const filler = Buffer.from(nonce);
  return parts.flatMap((part, index) => (index === 0 ? [part] : [filler, part]));
}

/** A gzip member of the body with `nonce` in every hole, from the parts deflated once. */
export function gzipFilled(deflated: DeflatedParts, nonce: string): Buffer[] {
  const filler = Buffer.from(nonce);
  if (filler.length > MAX_STORED_BYTES) throw new Error("a nonce longer than a stored block");
  const stored = Buffer.alloc(5);
  // BFINAL 0, BTYPE 00 (stored), padded to the byte; then LEN and its one's complement.
  stored.writeUInt16LE(filler.length, 1);
  stored.writeUInt16LE(~filler.length & 0xffff, 3);
  const fillerChecksum = crc32(filler);
  const fillerShift = shiftFor(filler.length);
  const chunks: Buffer[] = [GZIP_HEADER];
  let checksum = 0;
  deflated.blocks.forEach((block, index) => {
    if (index > 0) {
      chunks.push(stored, filler);
      checksum = combine(checksum, fillerChecksum, fillerShift);
    }
    chunks.push(block);
    checksum = combine(checksum, deflated.checksums[index] as number, deflated.shifts[index] as number);
  });
  const length = deflated.length + filler.length * (deflated.blocks.length - 1);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(trailer);
  return chunks;
}

/*
 * CRC-32 of a concatenation from the pieces' own, as zlib's crc32_combine: the first
 * checksum multiplied by x^(8·length of the second) modulo the polynomial, in the reflected
 * bit order zlib uses, then added to the second's.
 */
const POLYNOMIAL = 0xedb88320;

function multiplyModulo(a: number, b: number): number {
  let product = 0;
  let factor = b >>> 0;
  for (let mask = 0x80000000; mask !== 0; mask >>>= 1) {
    if (a & mask) product ^= factor;
    factor = factor & 1 ? (factor >>> 1) ^ POLYNOMIAL : factor >>> 1;
  }
  return product >>> 0;
}

// x^(2^k) modulo the polynomial, for k = 0 … 31; x^1 is 1 << 30 in this bit order.
const POWERS_OF_TWO: number[] = [];
for (let power = 0x40000000, k = 0; k < 32; k++) {
  POWERS_OF_TWO.push(power >>> 0);
  power = multiplyModulo(power, power);
}

/** x^(8·bytes) modulo the polynomial: what shifts a checksum past `bytes` bytes. */
function shiftFor(bytes: number): number {
  let shift = 0x80000000; // x^0
  let k = 3; // 8·bytes = bytes · 2^3
  for (let n = bytes; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2 === 1) shift = multiplyModulo(POWERS_OF_TWO[k % 32] as number, shift);
  }
  return shift;
}

function combine(first: number, second: number, shiftPastSecond: number): number {
  return (multiplyModulo(shiftPastSecond, first) ^ second) >>> 0;
}
