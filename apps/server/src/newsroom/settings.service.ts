import {
  ARCHIVE_PAGE_SIZE,
  type CommentModeration,
  SETTINGS_MESSAGES,
  type Settings,
  type SettingsPatch,
} from "@broadsheet/domain";
import { eq } from "drizzle-orm";
import type { SessionUser } from "../accounts";
import type { ReadCache } from "../caching";
import { type Caches, SETTINGS_TAG } from "../caching";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { siteSettings } from "../db/schema";
import { invalid } from "../errors";

const DEFAULT_ABOUT =
  "Independent news and long reads: world affairs, the nation, technology, travel and the stories in between, written by people who check their facts.";

type SettingsRow = typeof siteSettings.$inferSelect;

/** The settings without the admins-only ones, for everyone else (GET /api/settings, every page). */
export function publicSettings(settings: Settings): Settings {
  // Held words stay private: a spammer who could read them would spell around them.
  const { requireTwoFactor: _, commentHeldWords: __, commentMaxLinks: ___, ...shown } = settings;
  return shown;
}

/** The settings before any admin change: the configuration's values. */
export function defaultSettings(site: Config["site"]): Settings {
  return {
    siteName: site.siteName,
    tagline: site.tagline,
    about: DEFAULT_ABOUT,
    contactEmail: site.contactEmail,
    contactPhone: site.contactPhone,
    shopUrl: site.shopUrl,
    postalAddress: "",
    socialLinks: [],
    navigation: [],
    logo: "",
    icon: "",
    shareImage: "",
    twitterHandle: "",
    postsPerPage: ARCHIVE_PAGE_SIZE,
    timeZone: site.timeZone,
    requireTwoFactor: false,
    commentModeration: "off",
    commentHeldWords: [],
    commentMaxLinks: 0,
    updatedAt: null,
  };
}

function toSettings(row: SettingsRow): Settings {
  return {
    siteName: row.siteName,
    tagline: row.tagline,
    about: row.about,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    shopUrl: row.shopUrl,
    postalAddress: row.postalAddress,
    socialLinks: row.socialLinks,
    navigation: row.navigation,
    logo: row.logo,
    icon: row.icon,
    shareImage: row.shareImage,
    twitterHandle: row.twitterHandle,
    postsPerPage: row.postsPerPage,
    timeZone: row.timeZone,
    requireTwoFactor: row.requireTwoFactor,
    commentModeration: row.commentModeration as CommentModeration,
    commentHeldWords: row.commentHeldWords,
    commentMaxLinks: row.commentMaxLinks,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The site's settings, read on every page (from the read cache) and changed by admins. A
 * change drops every cached page and read here and on the other instances (SETTINGS_TAG).
 */
export function createSettingsService(
  db: Database,
  deps: { reads: ReadCache; caches: Caches; defaults: Config["site"] },
) {
  async function loadSettings(): Promise<Settings> {
    const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    return row ? toSettings(row) : defaultSettings(deps.defaults);
  }

  return {
    getSettings(): Promise<Settings> {
      return deps.reads.get("settings", loadSettings, () => [SETTINGS_TAG]);
    },

    async updateSettings(patch: SettingsPatch, admin: Pick<SessionUser, "id" | "totpSecret">): Promise<Settings> {
      if (Object.keys(patch).length === 0) throw invalid(SETTINGS_MESSAGES.emptyPatch);
      // Requiring it without having it would lock this admin out of the admin area at once.
      if (patch.requireTwoFactor && admin.totpSecret === null) throw invalid(SETTINGS_MESSAGES.twoFactorYourselfFirst);
      const adminId = admin.id;
      const { updatedAt: _, ...current } = await loadSettings();
      const values = { ...current, ...patch, updatedAt: new Date(), updatedBy: adminId };
      const [row] = await db
        .insert(siteSettings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: siteSettings.id, set: values })
        .returning();
      if (!row) throw new Error("settings upsert returned no row");
      await deps.caches.changed([SETTINGS_TAG]);
      return toSettings(row);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
