import { ROLES } from "../accounts/roles";
import { POLL_OPTIONS } from "../content/polls.schemas";
import { PostFieldsAnswerSchema } from "../content/post-fields.schemas";
import { TagRefSchema } from "../content/tags.schemas";
import { ADVERT_PLACEMENTS, POST_CATEGORIES } from "../rules/limits";
import { z } from "../zod";

/*
 * The JSON the API answers, declared once (issue 13): the server's services return these
 * types and the web reads them. Response schemas, as the request schemas beside them are.
 */

/** `{ items, total, page, limit }` of every list that can grow (docs/product.md#pagination). */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), total: z.number(), page: z.number(), limit: z.number() });
}
export type Page<Item> = { items: Item[]; total: number; page: number; limit: number };

/** An ISO 8601 time as the API writes it (`Date#toISOString`). */
const dateTime = () => z.string().meta({ format: "date-time" });

/** A post in every list: no content, counts instead of arrays, the reader's own marks when logged in. */
export const PostSummarySchema = z
  .object({
    _id: z.string().describe("UUID"),
    slug: z.string(),
    title: z.string(),
    excerpt: z.string().describe("Standfirst, or empty"),
    /** The post's external or video link ("" when none): the Audio & Video block plays it. */
    link: z.string().describe("External or video link, or empty"),
    author: z.string().describe("The author's name, or Anonymous"),
    authorSlug: z.string().describe("The author page's slug (/author/{slug}), or empty when the account is gone"),
    coauthors: z
      .array(z.object({ name: z.string(), slug: z.string() }))
      .describe("The bylines after the author, in order (docs/product/bylines.md); empty when there is one"),
    createdAt: dateTime(),
    category: z.string().describe("Category name"),
    categorySlug: z.string().describe("The category page's slug (/category/{slug})"),
    type: z.string().describe("Type name, or empty"),
    image: z.array(z.string().describe("Image URL")),
    imageAlt: z.array(z.string()).describe("Each image's description (alt text), by position; empty when none"),
    views: z.number(),
    likeCount: z.number(),
    commentCount: z.number(),
    minuteRead: z.number(),
    isPublished: z.boolean(),
    scheduledAt: dateTime().nullable().describe("When a scheduled draft goes live; null when not scheduled"),
    likedByMe: z.boolean().optional().describe("Only for a logged-in reader"),
    inReadLater: z.boolean().optional().describe("Only for a logged-in reader"),
  })
  .meta({ id: "PostSummary" });
export type PostSummary = z.infer<typeof PostSummarySchema>;

export const PostCommentSchema = z
  .object({
    _id: z.string(),
    text: z.string().describe("Plain text"),
    created: dateTime(),
    postedBy: z.object({ _id: z.string().nullable(), name: z.string().describe("Anonymous when the account is gone") }),
    pending: z
      .literal(true)
      .optional()
      .describe("Waiting for review: shown only to its author and to staff, and not counted"),
  })
  .meta({ id: "Comment" });
export type PostComment = z.infer<typeof PostCommentSchema>;

export const PostReviewSchema = z
  .object({
    _id: z.string(),
    rating: z.number().int().min(1).max(5),
    text: z.string(),
    createdAt: dateTime(),
    updatedAt: dateTime(),
    user: z.object({ _id: z.string(), name: z.string() }),
  })
  .meta({ id: "Review" });
export type PostReview = z.infer<typeof PostReviewSchema>;

/** GET /api/posts/{id or slug}. */
export const PostDetailSchema = PostSummarySchema.extend({
  content: z.string().describe("Sanitised HTML"),
  sku: z.string(),
  typeSlug: z.string(),
  publishedAt: dateTime().nullable(),
  updatedAt: dateTime(),
  correction: z.string().describe("The editors' correction note, or empty"),
  correctedAt: dateTime().nullable().describe("When the correction note was last written"),
  shareCount: z.number(),
  version: z
    .number()
    .int()
    .describe("Bumped by every save; send it back (or If-Match the ETag) to be told of others' saves"),
  comments: z.array(PostCommentSchema),
  reviews: z.object({ count: z.number(), average: z.number(), items: z.array(PostReviewSchema) }),
  imageSizes: z
    .array(z.object({ width: z.number().int(), height: z.number().int() }).nullable())
    .describe("Each image's size in pixels, by position; null for an image on another site"),
  tags: z.array(TagRefSchema).describe("The post's tags, in the editor's order"),
  authors: z.array(z.string()).describe("The bylines' user ids, the primary first"),
  bylines: z
    .array(z.object({ _id: z.string(), name: z.string(), slug: z.string() }))
    .describe("Every author's name and author page slug, the primary first"),
  ...PostFieldsAnswerSchema.shape,
}).meta({ id: "PostDetail" });
export type PostDetail = z.infer<typeof PostDetailSchema>;

export const CategorySchema = z
  .object({ _id: z.string(), name: z.string(), slug: z.string(), createdAt: z.string() })
  .meta({ id: "Category" });
export type Category = z.infer<typeof CategorySchema>;

/** A post type; its `category` is its category's name (docs/product.md#6-content-and-data). */
export const PostTypeSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    slug: z.string(),
    category: z.string().describe("Category name"),
    categoryId: z.string(),
    createdAt: dateTime(),
  })
  .meta({ id: "Type" });
export type PostType = z.infer<typeof PostTypeSchema>;

/** A poll (a "vote" in the API's paths) with its tally; `myVote` is the viewer's own, null when none. */
export const PollSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    optionOne: z.string(),
    optionTwo: z.string(),
    optionThree: z.string(),
    createdAt: dateTime(),
    counts: z.object({ optionOne: z.number(), optionTwo: z.number(), optionThree: z.number() }),
    totalVotes: z.number(),
    myVote: z
      .literal(POLL_OPTIONS)
      .nullable()
      .meta({ description: "The viewer's own vote", enum: [...POLL_OPTIONS, null] }),
  })
  .meta({ id: "Poll" });
export type PollJson = z.infer<typeof PollSchema>;

export const AdvertSchema = z
  .object({
    _id: z.string(),
    link: z.string().describe("http(s) URL or empty"),
    category: z.enum(ADVERT_PLACEMENTS).describe("The placement"),
    content: z.string().describe("Sanitised HTML"),
    image: z.array(z.string().describe("Image URL")),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  })
  .meta({ id: "Advert" });
export type AdvertJson = z.infer<typeof AdvertSchema>;

/** A user as the API shows them (never the password hash). */
export const PublicUserSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    // The address as the account was made with it (see email.ts), which JSON Schema's "email" format does not cover.
    email: z.string().describe("The account's e-mail address"),
    role: z.enum(ROLES),
    phone: z.string(),
    photo: z.string(),
    address: z.object({ address: z.string(), state: z.string(), country: z.string() }),
    slug: z.string().describe("The author page's slug"),
    bio: z.string().describe("The author page's biography (staff)"),
    twoFactorEnabled: z.boolean().describe("Whether sign-in asks for an authenticator code"),
    createdAt: dateTime(),
  })
  .meta({ id: "User" });
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** Everything the home page shows, in one answer (GET /api/home). */
export const HomeSchema = z
  .object({
    /** The newest published posts (the Latest carousel). */
    latest: z.array(PostSummarySchema),
    /** Per category, its newest published posts: the Jobs carousel takes 7, the blocks 4. */
    byCategory: z.record(z.enum(POST_CATEGORIES), z.array(PostSummarySchema)),
    hot: z.array(PostSummarySchema),
    trendy: z.array(PostSummarySchema),
    mostRead: z.array(PostSummarySchema),
    icymi: z.array(PostSummarySchema),
    advertsTop: z.array(AdvertSchema),
    /** The newest poll, with the viewer's own vote when logged in. */
    poll: PollSchema.nullable(),
  })
  .meta({ id: "Home" });
export type HomeJson = z.infer<typeof HomeSchema>;

/** What an editor looks at every morning (GET /api/admin/stats, the admin Home). */
export const DashboardStatsSchema = z
  .object({
    posts: z.object({
      total: z.number(),
      published: z.number(),
      drafts: z.number(),
      /** Past 10,000 posts a count is the planner's estimate, to two significant digits. */
      totalIsEstimate: z.boolean(),
    }),
    users: z.number(),
    viewsPerDay: z.array(z.object({ day: z.string(), views: z.number() })),
    topPostsThisWeek: z.array(z.object({ _id: z.string(), slug: z.string(), title: z.string(), views: z.number() })),
    sharesByPlatform: z.array(z.object({ platform: z.string(), shares: z.number() })),
    latestComments: z.array(
      z.object({
        _id: z.string(),
        text: z.string(),
        created: dateTime(),
        postedBy: z.string(),
        post: z.object({ _id: z.string(), slug: z.string(), title: z.string() }),
      }),
    ),
  })
  .meta({ id: "DashboardStats" });
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;
