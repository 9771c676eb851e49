import { isTimeZone } from "./dates";
import { isHttpUrl } from "./posts.schemas";
import { z } from "./zod";

/** The site's own name, words and links, set by an admin (issue 15); env values are first-run defaults. */

export const SETTINGS_MESSAGES = {
  saved: "Settings saved",
  siteNameRequired: "Please add the site's name",
  siteNameTooLong: "Site name must be at most 60 characters",
  taglineTooLong: "Tagline must be at most 120 characters",
  aboutTooLong: "About text must be at most 600 characters",
  contactEmailInvalid: "Contact e-mail must be an e-mail address",
  contactPhoneTooLong: "Contact phone must be at most 40 characters",
  urlInvalid: "Links must be URLs starting with http:// or https://",
  imageInvalid: "Images must be uploaded to this site or be https URLs",
  labelRequired: "Every link needs a label",
  labelTooLong: "Link labels must be at most 40 characters",
  tooManyLinks: "At most 12 links",
  postsPerPageRange: "Posts per page must be from 3 to 48",
  emptyPatch: "Nothing to change",
  timeZoneUnknown: "Time zone must be an IANA time zone, like Europe/London",
  twoFactorYourselfFirst: "Turn on two-factor sign-in for yourself (in your profile) before requiring it for all staff",
} as const;

export const SETTINGS_LIMITS = {
  siteName: 60,
  tagline: 120,
  about: 600,
  contactPhone: 40,
  linkLabel: 40,
  links: 12,
  postsPerPageMin: 3,
  postsPerPageMax: 48,
} as const;

// A path on this site ("/category/world-news") or an http(s) URL.
const linkUrl = z
  .string()
  .trim()
  .refine((url) => /^\/(?!\/)\S*$/.test(url) || isHttpUrl(url), SETTINGS_MESSAGES.urlInvalid);

export const SiteLinkSchema = z
  .object({
    label: z
      .string({ error: SETTINGS_MESSAGES.labelRequired })
      .trim()
      .min(1, SETTINGS_MESSAGES.labelRequired)
      .max(SETTINGS_LIMITS.linkLabel, SETTINGS_MESSAGES.labelTooLong),
    url: linkUrl,
  })
  .meta({ id: "SiteLink" });
export type SiteLink = z.infer<typeof SiteLinkSchema>;

const linkList = z.array(SiteLinkSchema).max(SETTINGS_LIMITS.links, SETTINGS_MESSAGES.tooManyLinks);

// "" clears an image; otherwise an upload of this site (/media/…) or an https URL.
const siteImage = z
  .string()
  .trim()
  .refine(
    (url) => url === "" || /^(\/media\/[a-f0-9]{64}\.\w+|https:\/\/\S+)$/.test(url),
    SETTINGS_MESSAGES.imageInvalid,
  );

/** What an admin may change; every field optional, the rest stays as it is. */
export const SettingsPatchSchema = z
  .object({
    siteName: z
      .string()
      .trim()
      .min(1, SETTINGS_MESSAGES.siteNameRequired)
      .max(SETTINGS_LIMITS.siteName, SETTINGS_MESSAGES.siteNameTooLong),
    tagline: z.string().trim().max(SETTINGS_LIMITS.tagline, SETTINGS_MESSAGES.taglineTooLong),
    about: z.string().trim().max(SETTINGS_LIMITS.about, SETTINGS_MESSAGES.aboutTooLong),
    contactEmail: z.string().trim().pipe(z.email(SETTINGS_MESSAGES.contactEmailInvalid)),
    contactPhone: z.string().trim().max(SETTINGS_LIMITS.contactPhone, SETTINGS_MESSAGES.contactPhoneTooLong),
    shopUrl: z
      .string()
      .trim()
      .refine((url) => url === "" || isHttpUrl(url), SETTINGS_MESSAGES.urlInvalid),
    socialLinks: linkList,
    navigation: linkList,
    logo: siteImage,
    icon: siteImage,
    shareImage: siteImage,
    timeZone: z.string().trim().refine(isTimeZone, SETTINGS_MESSAGES.timeZoneUnknown),
    requireTwoFactor: z.boolean(),
    postsPerPage: z
      .number()
      .int(SETTINGS_MESSAGES.postsPerPageRange)
      .min(SETTINGS_LIMITS.postsPerPageMin, SETTINGS_MESSAGES.postsPerPageRange)
      .max(SETTINGS_LIMITS.postsPerPageMax, SETTINGS_MESSAGES.postsPerPageRange),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

/** The settings as everyone reads them (GET /api/settings): all of them are shown on public pages. */
export const SettingsSchema = z
  .object({
    siteName: z.string(),
    tagline: z.string(),
    about: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string(),
    shopUrl: z.string().describe("The shop's URL, or empty for no shop link"),
    socialLinks: z.array(SiteLinkSchema),
    navigation: z.array(SiteLinkSchema).describe("The top bar's extra links, in order"),
    logo: z.string().describe("Image URL, or empty: the masthead then shows the name"),
    icon: z.string().describe("Square image URL for the browser tab and home screen, or empty for the default"),
    shareImage: z.string().describe("Open Graph image of pages without their own, or empty"),
    postsPerPage: z.number().int().describe("Posts per page of category and author pages"),
    timeZone: z.string().describe("IANA time zone in which editors see and pick times (schedules)"),
    requireTwoFactor: z
      .boolean()
      .optional()
      .describe("Admins only: whether staff must turn on two-factor sign-in to use the admin area"),
    updatedAt: z.string().nullable().describe("When an admin last changed them; null while the defaults hold"),
  })
  .meta({ id: "Settings" });
export type Settings = z.infer<typeof SettingsSchema>;
