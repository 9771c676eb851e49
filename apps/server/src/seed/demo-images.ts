import { loadSharp } from "../media";

/** A poster-style cover image drawn from SVG, so the demo needs no files from anywhere. */
export async function renderCoverImage(options: {
  label: string;
  colors: [string, string];
  variant: number;
  width?: number;
  height?: number;
}): Promise<Buffer> {
  const width = options.width ?? 1200;
  const height = options.height ?? 750;
  const [from, to] = options.colors;
  const circles = Array.from({ length: 6 }, (_, i) => {
    const x = ((options.variant * 137 + i * 211) % width) + 40;
    const y = ((options.variant * 89 + i * 157) % height) + 30;
    const r = 40 + ((options.variant * 31 + i * 47) % 160);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="${0.05 + (i % 3) * 0.04}"/>`;
  }).join("");
  const label = options.label.replace(/[&<>"]/g, "");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${circles}
    <rect x="48" y="${height - 150}" width="${Math.min(width - 96, 40 + label.length * 30)}" height="90" fill="#000" fill-opacity="0.25"/>
    <text x="72" y="${height - 88}" font-family="Georgia, serif" font-size="52" font-weight="700" fill="#fff">${label}</text>
  </svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png().toBuffer();
}
