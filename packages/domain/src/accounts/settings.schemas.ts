import { HTTP_URL_PATTERN, OPTIONAL_HTTP_URL_PATTERN, OPTIONAL_IMAGE_URL_PATTERN } from "../content/posts.schemas";
import { isTimeZone } from "../rules/dates";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from "../rules/email";
import { z } from "../zod";

/** The site's own name, words and links, set by an admin (issue 15); env values are first-run defaults. */

export const SETTINGS_MESSAGES = {
  saved: "Settings saved",
  siteNameRequired: "Please add the site's name",
  siteNameTooLong: "Site name must be at most 60 characters",
  taglineTooLong: "Tagline must be at most 120 characters",
  aboutTooLong: "About text must be at most 600 characters",
  contactEmailInvalid: "Contact e-mail must be an e-mail address",
  contactPhoneTooLong: "Contact phone must be at most 40 characters",
  postalAddressTooLong: "Postal address must be at most 300 characters",
  urlInvalid: "Links must be URLs starting with http:// or https://",
  imageInvalid: "Images must be uploaded to this site or be https URLs",
  labelRequired: "Every link needs a label",
  labelTooLong: "Link labels must be at most 40 characters",
  tooManyLinks: "At most 12 links",
  postsPerPageRange: "Posts per page must be from 3 to 48",
  emptyPatch: "Nothing to change",
  timeZoneUnknown: "Time zone must be an IANA time zone, like Europe/London",
  twoFactorYourselfFirst: "Turn on two-factor sign-in for yourself (in your profile) before requiring it for all staff",
  heldWordsInvalid: "Held words: at most 200, each at most 40 characters",
  maxLinksRange: "Maximum links must be a whole number from 0 (no limit) to 50",
  twitterHandleInvalid:
    "The X (Twitter) handle must be @ and up to 15 letters, digits or underscores, like @broadsheet",
} as const;

export const SETTINGS_LIMITS = {
  siteName: 60,
  tagline: 120,
  about: 600,
  contactPhone: 40,
  postalAddress: 300,
  linkLabel: 40,
  links: 12,
  postsPerPageMin: 3,
  postsPerPageMax: 48,
  heldWords: 200,
  heldWord: 40,
  maxLinks: 50,
} as const;

/** Which new comments wait for review (docs/product/moderation.md). */
export const COMMENT_MODERATION = ["off", "first", "all"] as const;
export type CommentModeration = (typeof COMMENT_MODERATION)[number];

// A path on this site ("/category/world-news", not "//elsewhere") or an http(s) URL.
const SITE_PATH_OR_HTTP_URL = new RegExp(`^(?:\\/(?:[^/\\s]\\S*)?|${HTTP_URL_PATTERN.source.slice(1, -1)})$`);
const linkUrl = z.string().trim().regex(SITE_PATH_OR_HTTP_URL, SETTINGS_MESSAGES.urlInvalid);

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
const siteImage = z.string().trim().regex(OPTIONAL_IMAGE_URL_PATTERN, SETTINGS_MESSAGES.imageInvalid);

// X's own rule for user names: 1 to 15 letters, digits or underscores; "" for none.
const TWITTER_HANDLE = /^(?:@\w{1,15})?$/;

/*
 * The document lists the canonical IANA names this runtime knows (and UTC); the check asks
 * Intl, which also takes the tz database's other names for them (US/Eastern, Etc/UTC, …).
 */
const timeZoneNames = () => ["UTC", ...Intl.supportedValuesOf("timeZone").filter((name) => name !== "UTC")];

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
    contactEmail: z
      .string()
      .trim()
      .max(EMAIL_MAX_LENGTH, SETTINGS_MESSAGES.contactEmailInvalid)
      .regex(EMAIL_PATTERN, SETTINGS_MESSAGES.contactEmailInvalid),
    contactPhone: z.string().trim().max(SETTINGS_LIMITS.contactPhone, SETTINGS_MESSAGES.contactPhoneTooLong),
    shopUrl: z.string().trim().regex(OPTIONAL_HTTP_URL_PATTERN, SETTINGS_MESSAGES.urlInvalid),
    postalAddress: z.string().trim().max(SETTINGS_LIMITS.postalAddress, SETTINGS_MESSAGES.postalAddressTooLong),
    socialLinks: linkList,
    navigation: linkList,
    logo: siteImage,
    icon: siteImage,
    shareImage: siteImage,
    twitterHandle: z.string().trim().regex(TWITTER_HANDLE, SETTINGS_MESSAGES.twitterHandleInvalid),
    timeZone: z
      .string()
      .trim()
      .refine(isTimeZone, SETTINGS_MESSAGES.timeZoneUnknown)
      .meta("document" in globalThis ? {} : { enum: timeZoneNames() }),
    requireTwoFactor: z.boolean(),
    commentModeration: z.enum(COMMENT_MODERATION),
    commentHeldWords: z
      .array(
        z
          .string()
          .trim()
          .min(1, SETTINGS_MESSAGES.heldWordsInvalid)
          .max(SETTINGS_LIMITS.heldWord, SETTINGS_MESSAGES.heldWordsInvalid),
      )
      .max(SETTINGS_LIMITS.heldWords, SETTINGS_MESSAGES.heldWordsInvalid),
    commentMaxLinks: z
      .number()
      .int(SETTINGS_MESSAGES.maxLinksRange)
      .min(0, SETTINGS_MESSAGES.maxLinksRange)
      .max(SETTINGS_LIMITS.maxLinks, SETTINGS_MESSAGES.maxLinksRange),
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
    postalAddress: z.string().describe("The postal or contact line every newsletter ends with, or empty"),
    socialLinks: z.array(SiteLinkSchema),
    navigation: z.array(SiteLinkSchema).describe("The top bar's extra links, in order"),
    logo: z.string().describe("Image URL, or empty: the masthead then shows the name"),
    icon: z.string().describe("Square image URL for the browser tab and home screen, or empty for the default"),
    shareImage: z.string().describe("Open Graph image of pages without their own, or empty"),
    twitterHandle: z.string().describe("The site's X (Twitter) handle, like @broadsheet, or empty"),
    postsPerPage: z.number().int().describe("Posts per page of category and author pages"),
    timeZone: z.string().describe("IANA time zone in which editors see and pick times (schedules)"),
    requireTwoFactor: z
      .boolean()
      .optional()
      .describe("Admins only: whether staff must turn on two-factor sign-in to use the admin area"),
    commentModeration: z
      .enum(COMMENT_MODERATION)
      .describe("Which new comments wait for review: off (none), first (first-time commenters'), all"),
    commentHeldWords: z
      .array(z.string())
      .optional()
      .describe("Admins only: words that hold a comment for review (case-insensitive)"),
    commentMaxLinks: z
      .number()
      .int()
      .optional()
      .describe("Admins only: a comment with more links than this waits for review; 0 for no limit"),
    updatedAt: z.string().nullable().describe("When an admin last changed them; null while the defaults hold"),
  })
  .meta({ id: "Settings" });
export type Settings = z.infer<typeof SettingsSchema>;
