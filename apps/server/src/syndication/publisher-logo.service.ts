import { readFile } from "node:fs/promises";
import path from "node:path";
import { PUBLISHER_LOGO, parseMediaPath } from "@broadsheet/domain";
import { loadSharp, type MediaService } from "../media";
import type { SettingsService } from "../newsroom";
import { WEB_ROOT } from "../paths";

/*
 * The publisher logo of structured data (/publisher-logo.png): the settings' logo, or the
 * site's default mark while it has none, fitted inside PUBLISHER_LOGO's square as a PNG.
 * Rendered once per logo setting and kept in memory, so readers' requests read no file.
 * A logo on another site (an https URL) is not fetched: the default mark stands in.
 */

const DEFAULT_MARK = path.join(WEB_ROOT, "public", "favicon.svg");
// The mark's 32-unit viewBox drawn at 512 pixels: 72 dpi × 16.
const DEFAULT_MARK_DENSITY = 72 * (PUBLISHER_LOGO.width / 32);

export function createPublisherLogoService(deps: { settings: SettingsService; media: MediaService }) {
  let rendered: { logo: string; png: Promise<Buffer> } | undefined;

  async function source(logo: string): Promise<{ bytes: Buffer; density?: number }> {
    const key = parseMediaPath(logo)?.key;
    const stored = key ? await deps.media.getMedia(key) : null;
    if (stored) return { bytes: stored.bytes };
    return { bytes: await readFile(DEFAULT_MARK), density: DEFAULT_MARK_DENSITY };
  }

  async function render(logo: string): Promise<Buffer> {
    const sharp = await loadSharp();
    const { bytes, density } = await source(logo);
    return sharp(bytes, density ? { density } : {})
      .resize(PUBLISHER_LOGO.width, PUBLISHER_LOGO.height, {
        fit: "contain",
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      })
      .png()
      .toBuffer();
  }

  return {
    /** The PNG, and when the settings it comes from last changed (null: never saved). */
    async logo(): Promise<{ png: Buffer; lastModified: Date | null }> {
      const settings = await deps.settings.getSettings();
      if (rendered?.logo !== settings.logo) {
        const png = render(settings.logo);
        rendered = { logo: settings.logo, png };
        // A failed render is tried again by the next request, not kept.
        png.catch(() => {
          if (rendered?.png === png) rendered = undefined;
        });
      }
      const lastModified = settings.updatedAt ? new Date(settings.updatedAt) : null;
      return { png: await rendered.png, lastModified };
    },
  };
}

export type PublisherLogoService = ReturnType<typeof createPublisherLogoService>;
