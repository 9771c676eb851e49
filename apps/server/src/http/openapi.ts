import {
  ADVERT_PAGE_SIZE,
  ADVERT_PLACEMENTS,
  AdvertInputSchema,
  AdvertSchema,
  CastVoteInputSchema,
  CategoryInputSchema,
  CategorySchema,
  ChangePasswordInputSchema,
  COMMENT_MAX_LENGTH,
  ForgotPasswordInputSchema,
  MAX_PAGE_SIZE,
  POST_SORTS,
  PollInputSchema,
  PollSchema,
  PostCommentSchema,
  PostDetailSchema,
  PostInputSchema,
  PostReviewSchema,
  PostSummarySchema,
  PostTypeSchema,
  PublicUserSchema,
  ResetPasswordInputSchema,
  SHARE_PLATFORMS,
  TypeInputSchema,
  UpdatePhotoInputSchema,
  UpdateProfileInputSchema,
  UpdateRoleInputSchema,
  WishlistInputSchema,
} from "@broadsheet/domain";
import { z } from "zod";
import { SESSION_COOKIE } from "./middleware/session";

/*
 * The OpenAPI 3.1 description of every /api endpoint (DESIGN.md §6), served at
 * /api/openapi.json and listed at /api/docs. Request bodies of transform-free input
 * schemas and the response shapes (posts, comments, reviews, users, categories, types,
 * polls, adverts) come from packages/domain through z.toJSONSchema, so they cannot drift
 * from the code; the rest is still written out here (issue 13 goes on).
 */

type Json = Record<string, unknown>;

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";
export const HTTP_METHODS: readonly HttpMethod[] = ["get", "post", "put", "patch", "delete"];

export interface OpenApiOperation {
  tags: string[];
  summary: string;
  description?: string;
  operationId: string;
  security?: Json[];
  parameters?: Json[];
  requestBody?: Json;
  responses: Record<string, Json>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<HttpMethod, OpenApiOperation>>>;
  components: Json;
}

/** A domain input schema as JSON Schema (2020-12, the dialect of OpenAPI 3.1), as the client sends it. */
function fromZod(schema: z.ZodType): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json;
  return rest;
}

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const str = (description?: string): Json => ({ type: "string", ...(description && { description }) });
const int = (description?: string): Json => ({ type: "integer", ...(description && { description }) });
const arrayOf = (items: Json): Json => ({ type: "array", items });
const object = (properties: Record<string, Json>, required = Object.keys(properties)): Json => ({
  type: "object",
  properties,
  required,
});
const pageOf = (item: string): Json =>
  object({ items: arrayOf(ref(item)), total: int("Number of matching rows"), page: int(), limit: int() });

// ── Auth levels ──────────────────────────────────────────────────────────────────────────
type Access = "public" | "optional" | "user" | "staff" | "admin";
const SECURITY: Record<Access, Json[] | undefined> = {
  public: [],
  // Works without a session; with one, the answer is personalised (or shows drafts to staff).
  optional: [{}, { cookieAuth: [] }],
  user: [{ cookieAuth: [] }],
  staff: [{ cookieAuth: [] }],
  admin: [{ cookieAuth: [] }],
};
const ACCESS_NOTE: Record<Access, string> = {
  public: "Public.",
  optional: "Public; a session personalises the answer.",
  user: "Logged in.",
  staff: "Editors and admins.",
  admin: "Admins only.",
};
const ACCESS_ERRORS: Record<Access, string[]> = {
  public: [],
  optional: [],
  user: ["401"],
  staff: ["401", "403"],
  admin: ["401", "403"],
};

// ── Parameters ───────────────────────────────────────────────────────────────────────────
const pathParam = (name: string, description: string): Json => ({
  name,
  in: "path",
  required: true,
  description,
  schema: { type: "string" },
});
const queryParam = (name: string, description: string, schema: Json = { type: "string" }): Json => ({
  name,
  in: "query",
  required: false,
  description,
  schema,
});
const pageParams = (defaultLimit: number): Json[] => [
  queryParam("page", "Page number, from 1", { type: "integer", minimum: 1, default: 1 }),
  queryParam("limit", `Rows per page (at most ${MAX_PAGE_SIZE})`, {
    type: "integer",
    minimum: 1,
    maximum: MAX_PAGE_SIZE,
    default: defaultLimit,
  }),
];
const postIdParam = pathParam("id", "The post's id (UUID) or slug");
const uuidParam = (what: string) => pathParam("id", `The ${what}'s id (UUID)`);

// ── Bodies and responses ─────────────────────────────────────────────────────────────────
const jsonBody = (schema: Json): Json => ({ required: true, content: { "application/json": { schema } } });
const jsonOrFormBody = (schema: Json, form: Json): Json => ({
  required: true,
  content: { "application/json": { schema }, "multipart/form-data": { schema: form } },
});
const answer = (description: string, schema: Json): Json => ({
  description,
  content: { "application/json": { schema } },
});
const messageAnswer = (description: string) => answer(description, ref("Message"));

interface OperationSpec {
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  parameters?: Json[];
  body?: Json;
  /** The success answers, by status. */
  ok: Record<string, Json>;
  /** Error statuses beyond the ones the access level implies. */
  errors?: string[];
}

function operation(method: HttpMethod, path: string, spec: OperationSpec): OpenApiOperation {
  const errors = [...new Set([...ACCESS_ERRORS[spec.access], ...(spec.errors ?? [])])].sort();
  const responses: Record<string, Json> = { ...spec.ok };
  for (const status of errors) responses[status] = { $ref: `#/components/responses/Error${status}` };
  const security = SECURITY[spec.access];
  return {
    tags: [spec.tag],
    summary: spec.summary,
    description: [spec.description, ACCESS_NOTE[spec.access]].filter(Boolean).join(" "),
    operationId: operationId(method, path),
    ...(security && { security }),
    ...(spec.parameters && { parameters: spec.parameters }),
    ...(spec.body && { requestBody: spec.body }),
    responses,
  };
}

function operationId(method: HttpMethod, path: string): string {
  const words = path
    .replace(/^\/api\//, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1));
  return `${method}${words.join("")}`;
}

// ── Component schemas ────────────────────────────────────────────────────────────────────
/** A response schema of packages/domain, as the JSON Schema (2020-12) OpenAPI 3.1 embeds. */
function jsonSchemaOf(schema: z.ZodType): Json {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: "output" }) as Json;
  return json;
}

const UPLOADED_IMAGE: Json = object({
  url: str("Path of the stored WebP, /media/{sha256}.webp"),
  secure_url: str("The same URL"),
  width: int(),
  height: int(),
});

// Hand-written: these input schemas read their fields through transforms.
const REGISTER_INPUT: Json = object({
  name: { type: "string", minLength: 1, maxLength: 100 },
  email: { type: "string", format: "email" },
  password: { type: "string", minLength: 6, maxLength: 200 },
});
const LOGIN_INPUT: Json = object({ email: { type: "string", format: "email" }, password: { type: "string" } });
const COMMENT_INPUT: Json = object({ comment: { type: "string", minLength: 1, maxLength: COMMENT_MAX_LENGTH } });
const REVIEW_INPUT: Json = object(
  { rating: { type: "integer", minimum: 1, maximum: 5 }, review: { type: "string", maxLength: 2000 } },
  ["rating"],
);
const SHARE_INPUT: Json = object({
  postId: { type: "string", minLength: 1, description: "The post's slug (or id)" },
  platform: { type: "string", enum: [...SHARE_PLATFORMS] },
});

const imageFormFields = (fields: Record<string, Json>, required: string[]): Json =>
  object(
    {
      ...fields,
      image: {
        type: "array",
        maxItems: 5,
        items: { type: "string", contentMediaType: "application/octet-stream" },
        description: "Image files (uploaded first), URLs, or a JSON array of URLs",
      },
    },
    required,
  );

const ERROR_DESCRIPTIONS: Record<string, string> = {
  "400": "Invalid input: the message names the first problem",
  "401": "Not logged in",
  "403": "Logged in, but not allowed (or a cross-site request)",
  "404": "Not found",
  "409": "Conflict with existing data",
  "413": "Upload too large",
  "415": "Not a supported image",
  "429": "Rate limited",
};

// ── The paths ────────────────────────────────────────────────────────────────────────────
type PathSpec = Partial<Record<HttpMethod, OperationSpec>>;

const PATHS: Record<string, PathSpec> = {
  // Health
  "/api/health": {
    get: {
      tag: "Health",
      summary: "Liveness and database check",
      access: "public",
      ok: { "200": answer("The server and its database answer", ref("Health")) },
    },
  },

  // Admin
  "/api/admin/stats": {
    get: {
      tag: "Admin",
      summary:
        "Dashboard figures: post and user counts, views per day (30 days), top posts of the week, shares by platform, latest comments",
      access: "staff",
      ok: { "200": answer("The dashboard figures", { type: "object" }) },
      errors: ["401", "403"],
    },
  },

  // Users
  "/api/users/register": {
    post: {
      tag: "Users",
      summary: "Create an account and log in",
      description: "Sets the session cookie.",
      access: "public",
      body: jsonBody(REGISTER_INPUT),
      ok: { "201": answer("The new user", ref("User")) },
      errors: ["400", "409", "429"],
    },
  },
  "/api/users/login": {
    post: {
      tag: "Users",
      summary: "Log in",
      description: "Sets a fresh session cookie.",
      access: "public",
      body: jsonBody(LOGIN_INPUT),
      ok: { "200": answer("The user", ref("User")) },
      errors: ["400", "401", "429"],
    },
  },
  "/api/users/logout": {
    get: {
      tag: "Users",
      summary: "Log out",
      description: "Ends the session and clears the cookie.",
      access: "public",
      ok: { "200": messageAnswer("Logged out") },
    },
    post: {
      tag: "Users",
      summary: "Log out (POST form)",
      description: "Ends the session and clears the cookie.",
      access: "public",
      ok: { "200": messageAnswer("Logged out") },
      errors: ["403"],
    },
  },
  "/api/users/getLoginStatus": {
    get: {
      tag: "Users",
      summary: "Whether the session is logged in",
      access: "optional",
      ok: { "200": answer("true or false", { type: "boolean" }) },
    },
  },
  "/api/users/getUser": {
    get: {
      tag: "Users",
      summary: "The logged-in user",
      access: "user",
      ok: { "200": answer("The user", ref("User")) },
    },
  },
  "/api/users/getUsers": {
    get: {
      tag: "Users",
      summary: "List users",
      access: "admin",
      parameters: [queryParam("search", "Part of a name or e-mail"), ...pageParams(6)],
      ok: { "200": answer("A page of users", pageOf("User")) },
    },
  },
  "/api/users/updateRole": {
    patch: {
      tag: "Users",
      summary: "Change a user's role",
      description: "The last admin cannot be demoted.",
      access: "admin",
      body: jsonBody(fromZod(UpdateRoleInputSchema)),
      ok: { "200": answer("The updated user", ref("User")) },
      errors: ["400", "404", "409"],
    },
  },
  "/api/users/updateUser": {
    patch: {
      tag: "Users",
      summary: "Update the profile (name, phone, address)",
      access: "user",
      body: jsonBody(fromZod(UpdateProfileInputSchema)),
      ok: { "200": answer("The updated user", ref("User")) },
      errors: ["400"],
    },
  },
  "/api/users/updatePhoto": {
    patch: {
      tag: "Users",
      summary: "Set the profile photo URL",
      description: "Upload the photo with POST /api/media (purpose=profile) first.",
      access: "user",
      body: jsonBody(fromZod(UpdatePhotoInputSchema)),
      ok: { "200": answer("The updated user", ref("User")) },
      errors: ["400"],
    },
  },
  "/api/users/changePassword": {
    patch: {
      tag: "Users",
      summary: "Change the password",
      description: "Ends every other session.",
      access: "user",
      body: jsonBody(fromZod(ChangePasswordInputSchema)),
      ok: { "200": messageAnswer("Password changed") },
      errors: ["400"],
    },
  },
  "/api/users/forgotPassword": {
    post: {
      tag: "Users",
      summary: "E-mail a password reset link",
      description: "Answers the same whether or not the address has an account.",
      access: "public",
      body: jsonBody(fromZod(ForgotPasswordInputSchema)),
      ok: { "200": messageAnswer("Mail sent if the account exists") },
      errors: ["400", "429"],
    },
  },
  "/api/users/resetPassword/{token}": {
    patch: {
      tag: "Users",
      summary: "Set a new password with a reset token",
      access: "public",
      parameters: [pathParam("token", "The token from the reset e-mail")],
      body: jsonBody(fromZod(ResetPasswordInputSchema)),
      ok: { "200": messageAnswer("Password reset") },
      errors: ["400"],
    },
  },
  "/api/users/addToWishlist": {
    post: {
      tag: "Users",
      summary: "Add a post to Read Later",
      access: "user",
      body: jsonBody(fromZod(WishlistInputSchema)),
      ok: { "200": messageAnswer("Added") },
      errors: ["400", "404"],
    },
  },
  "/api/users/getWishlist": {
    get: {
      tag: "Users",
      summary: "The Read Later list",
      access: "user",
      ok: { "200": answer("Saved posts", object({ wishlist: arrayOf(ref("PostSummary")) })) },
    },
  },
  "/api/users/wishlist/{id}": {
    put: {
      tag: "Users",
      summary: "Remove a post from Read Later",
      access: "user",
      parameters: [postIdParam],
      ok: { "200": messageAnswer("Removed") },
      errors: ["404"],
    },
  },

  // Posts
  "/api/posts": {
    get: {
      tag: "Posts",
      summary: "List and search posts",
      description: "Published posts only, unless the viewer is staff.",
      access: "optional",
      parameters: [
        queryParam("search", "Words of the title, content or category"),
        queryParam("category", "Category name; All or empty for every category"),
        queryParam("type", "Type name; All or empty for every type"),
        queryParam("sort", "Order", { type: "string", enum: [...POST_SORTS], default: "latest" }),
        ...pageParams(9),
      ],
      ok: { "200": answer("A page of posts", pageOf("PostSummary")) },
    },
    post: {
      tag: "Posts",
      summary: "Create a post",
      access: "staff",
      body: jsonOrFormBody(
        fromZod(PostInputSchema),
        imageFormFields(
          {
            title: str(),
            link: str(),
            category: str(),
            type: str(),
            content: str(),
            isPublished: str("true or false"),
          },
          ["title", "category"],
        ),
      ),
      ok: { "201": answer("The new post", ref("PostDetail")) },
      errors: ["400", "404", "413", "415"],
    },
  },
  "/api/home": {
    get: {
      tag: "Feeds",
      summary: "Everything the home page shows, in one call",
      description:
        "The Latest carousel, each category's newest posts (7 for Jobs, 4 for the others), the four feeds, the Advert Top adverts and the newest poll. With a session, posts carry likedByMe and inReadLater, and the poll the reader's own vote.",
      access: "optional",
      ok: { "200": answer("The home page's blocks", ref("Home")) },
    },
  },
  "/api/posts/icymi": {
    get: {
      tag: "Feeds",
      summary: "In case you missed it",
      access: "optional",
      ok: { "200": answer("Posts", arrayOf(ref("PostSummary"))) },
    },
  },
  "/api/posts/most-read": {
    get: {
      tag: "Feeds",
      summary: "Most read posts",
      access: "optional",
      ok: { "200": answer("Posts", arrayOf(ref("PostSummary"))) },
    },
  },
  "/api/posts/trendy": {
    get: {
      tag: "Feeds",
      summary: "Trending posts (recent activity)",
      access: "optional",
      ok: { "200": answer("Posts", arrayOf(ref("PostSummary"))) },
    },
  },
  "/api/posts/hot": {
    get: {
      tag: "Feeds",
      summary: "Hot news",
      access: "optional",
      ok: { "200": answer("Posts", arrayOf(ref("PostSummary"))) },
    },
  },
  "/api/posts/related/{id}": {
    get: {
      tag: "Feeds",
      summary: "Posts related to a post",
      access: "optional",
      parameters: [postIdParam],
      ok: { "200": answer("Posts", arrayOf(ref("PostSummary"))) },
      errors: ["404"],
    },
  },
  "/api/posts/up-next/{id}": {
    get: {
      tag: "Feeds",
      summary: "Posts to read after a post",
      access: "optional",
      parameters: [postIdParam],
      ok: { "200": answer("Posts", arrayOf(ref("PostSummary"))) },
      errors: ["404"],
    },
  },
  "/api/posts/{id}": {
    get: {
      tag: "Posts",
      summary: "One post with its content, latest comments and reviews",
      description: "Counts a view. Drafts are visible to staff only.",
      access: "optional",
      parameters: [postIdParam],
      ok: { "200": answer("The post", ref("PostDetail")) },
      errors: ["404"],
    },
    patch: {
      tag: "Posts",
      summary: "Update a post",
      description: "JSON or multipart form data, the same fields as creating.",
      access: "staff",
      parameters: [postIdParam],
      body: jsonOrFormBody(
        fromZod(PostInputSchema),
        imageFormFields(
          {
            title: str(),
            link: str(),
            category: str(),
            type: str(),
            content: str(),
            isPublished: str("true or false"),
          },
          ["title", "category"],
        ),
      ),
      ok: { "200": answer("The updated post", ref("PostDetail")) },
      errors: ["400", "404", "413", "415"],
    },
    delete: {
      tag: "Posts",
      summary: "Delete a post",
      access: "staff",
      parameters: [postIdParam],
      ok: { "200": messageAnswer("Post deleted successfully") },
      errors: ["404"],
    },
  },
  "/api/posts/{id}/publish": {
    patch: {
      tag: "Posts",
      summary: "Toggle published / unpublished",
      access: "staff",
      parameters: [postIdParam],
      ok: { "200": answer("The new state", object({ _id: str(), isPublished: { type: "boolean" } })) },
      errors: ["404"],
    },
  },

  // Engagement
  "/api/posts/{id}/comments": {
    get: {
      tag: "Engagement",
      summary: "A post's comments, newest first",
      access: "optional",
      parameters: [postIdParam, ...pageParams(20)],
      ok: { "200": answer("A page of comments", pageOf("Comment")) },
      errors: ["404"],
    },
    post: {
      tag: "Engagement",
      summary: "Comment on a post",
      description: "Plain text. Rate limited per IP.",
      access: "user",
      parameters: [postIdParam],
      body: jsonBody(COMMENT_INPUT),
      ok: { "201": answer("The first page of comments, the new one on top", pageOf("Comment")) },
      errors: ["400", "404", "429"],
    },
  },
  "/api/posts/{id}/comments/{commentId}": {
    delete: {
      tag: "Engagement",
      summary: "Delete a comment",
      description: "Its author, or staff.",
      access: "user",
      parameters: [postIdParam, pathParam("commentId", "The comment's id (UUID)")],
      ok: { "200": messageAnswer("Comment deleted") },
      errors: ["403", "404"],
    },
  },
  "/api/posts/addLike/{id}": {
    put: {
      tag: "Engagement",
      summary: "Like a post",
      description: "Idempotent: one like per reader.",
      access: "user",
      parameters: [postIdParam],
      ok: { "200": answer("The post's likes", ref("LikeState")) },
      errors: ["404"],
    },
  },
  "/api/posts/removeLike/{id}": {
    put: {
      tag: "Engagement",
      summary: "Take back a like",
      access: "user",
      parameters: [postIdParam],
      ok: { "200": answer("The post's likes", ref("LikeState")) },
      errors: ["404"],
    },
  },
  "/api/posts/review/{id}": {
    patch: {
      tag: "Engagement",
      summary: "Review a post (rating 1–5 and text)",
      description: "One review per reader and post.",
      access: "user",
      parameters: [postIdParam],
      body: jsonBody(REVIEW_INPUT),
      ok: { "200": answer("Message and the post's reviews", ref("ReviewsAnswer")) },
      errors: ["400", "404", "409"],
    },
  },
  "/api/posts/updateReview/{id}": {
    patch: {
      tag: "Engagement",
      summary: "Edit one's own review",
      access: "user",
      parameters: [postIdParam],
      body: jsonBody(REVIEW_INPUT),
      ok: { "200": answer("Message and the post's reviews", ref("ReviewsAnswer")) },
      errors: ["400", "404"],
    },
  },
  "/api/posts/deleteReview/{id}": {
    patch: {
      tag: "Engagement",
      summary: "Delete one's own review",
      access: "user",
      parameters: [postIdParam],
      ok: { "200": answer("Message and the post's reviews", ref("ReviewsAnswer")) },
      errors: ["404"],
    },
  },
  "/api/shares": {
    post: {
      tag: "Engagement",
      summary: "Record a share of a post",
      access: "public",
      body: jsonBody(SHARE_INPUT),
      ok: { "201": messageAnswer("Share recorded") },
      errors: ["400", "404", "429"],
    },
  },

  // Media
  "/api/media": {
    post: {
      tag: "Media",
      summary: "Upload an image",
      description:
        "Multipart field `file` (PNG, JPEG, WebP or GIF, at most 10 MB and 40 megapixels); stored as WebP and served at /media/{key}.webp. `purpose=profile` accepts JPEG and PNG only. Rate limited per IP.",
      access: "user",
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: object(
              {
                file: { type: "string", contentMediaType: "application/octet-stream" },
                purpose: { type: "string", enum: ["profile"] },
              },
              ["file"],
            ),
          },
        },
      },
      ok: { "201": answer("The stored image", ref("UploadedImage")) },
      errors: ["400", "413", "415", "429"],
    },
  },

  // Categories and types
  "/api/category/createCategory": {
    post: {
      tag: "Categories and types",
      summary: "Create a category",
      access: "staff",
      body: jsonBody(fromZod(CategoryInputSchema)),
      ok: { "201": answer("Message and the category", object({ message: str(), category: ref("Category") })) },
      errors: ["400", "409"],
    },
  },
  "/api/category/getCategories": {
    get: {
      tag: "Categories and types",
      summary: "Every category",
      access: "public",
      ok: { "200": answer("Categories by name", arrayOf(ref("Category"))) },
    },
  },
  "/api/category/{slug}": {
    delete: {
      tag: "Categories and types",
      summary: "Delete a category",
      description: "Refused while posts or types use it.",
      access: "staff",
      parameters: [pathParam("slug", "The category's slug")],
      ok: { "200": messageAnswer("Category deleted") },
      errors: ["404", "409"],
    },
  },
  "/api/type/createType": {
    post: {
      tag: "Categories and types",
      summary: "Create a post type within a category",
      access: "staff",
      body: jsonBody(fromZod(TypeInputSchema)),
      ok: { "201": answer("Message and the type", object({ message: str(), type: ref("Type") })) },
      errors: ["400", "404", "409"],
    },
  },
  "/api/type/getTypes": {
    get: {
      tag: "Categories and types",
      summary: "Every type, or those of one category",
      access: "public",
      parameters: [queryParam("category", "Category name, slug or id")],
      ok: { "200": answer("Types", arrayOf(ref("Type"))) },
    },
  },
  "/api/type/{slug}": {
    delete: {
      tag: "Categories and types",
      summary: "Delete a type",
      description: "Refused while posts use it.",
      access: "staff",
      parameters: [pathParam("slug", "The type's slug")],
      ok: { "200": messageAnswer("Type deleted") },
      errors: ["404", "409"],
    },
  },

  // Polls
  "/api/votes": {
    get: {
      tag: "Polls",
      summary: "List polls, newest first",
      access: "optional",
      parameters: pageParams(10),
      ok: { "200": answer("A page of polls", pageOf("Poll")) },
    },
    post: {
      tag: "Polls",
      summary: "Create a poll",
      access: "staff",
      body: jsonBody(fromZod(PollInputSchema)),
      ok: { "201": answer("The new poll", ref("Poll")) },
      errors: ["400"],
    },
  },
  "/api/votes/vote/{id}": {
    put: {
      tag: "Polls",
      summary: "Vote in a poll",
      description: "One vote per reader.",
      access: "user",
      parameters: [uuidParam("poll")],
      body: jsonBody(fromZod(CastVoteInputSchema)),
      ok: { "200": answer("The poll with its tally", ref("Poll")) },
      errors: ["400", "404", "409"],
    },
  },
  "/api/votes/{id}": {
    get: {
      tag: "Polls",
      summary: "One poll with its tally",
      access: "optional",
      parameters: [uuidParam("poll")],
      ok: { "200": answer("The poll", ref("Poll")) },
      errors: ["404"],
    },
    patch: {
      tag: "Polls",
      summary: "Update a poll",
      access: "staff",
      parameters: [uuidParam("poll")],
      body: jsonBody(fromZod(PollInputSchema)),
      ok: { "200": answer("The updated poll", ref("Poll")) },
      errors: ["400", "404"],
    },
    delete: {
      tag: "Polls",
      summary: "Delete a poll",
      access: "staff",
      parameters: [uuidParam("poll")],
      ok: { "200": messageAnswer("Vote deleted successfully") },
      errors: ["404"],
    },
  },

  // Adverts
  "/api/adverts": {
    get: {
      tag: "Adverts",
      summary: "List adverts, newest first",
      access: "public",
      parameters: [
        queryParam("category", "Placement; All or empty for every advert", {
          type: "string",
          enum: [...ADVERT_PLACEMENTS, "All"],
        }),
        ...pageParams(ADVERT_PAGE_SIZE),
      ],
      ok: { "200": answer("A page of adverts", pageOf("Advert")) },
    },
    post: {
      tag: "Adverts",
      summary: "Create an advert",
      description: "Content HTML is sanitised. Files in a form may be JPEG, PNG, GIF or WebP.",
      access: "staff",
      body: jsonOrFormBody(
        fromZod(AdvertInputSchema),
        imageFormFields({ link: str(), category: { type: "string", enum: [...ADVERT_PLACEMENTS] }, content: str() }, [
          "category",
        ]),
      ),
      ok: { "201": answer("The new advert", ref("Advert")) },
      errors: ["400", "413", "415"],
    },
  },
  "/api/adverts/{id}": {
    get: {
      tag: "Adverts",
      summary: "One advert",
      access: "public",
      parameters: [uuidParam("advert")],
      ok: { "200": answer("The advert", ref("Advert")) },
      errors: ["404"],
    },
    patch: {
      tag: "Adverts",
      summary: "Update an advert",
      description: "JSON or multipart form data, the same fields as creating.",
      access: "staff",
      parameters: [uuidParam("advert")],
      body: jsonOrFormBody(
        fromZod(AdvertInputSchema),
        imageFormFields({ link: str(), category: { type: "string", enum: [...ADVERT_PLACEMENTS] }, content: str() }, [
          "category",
        ]),
      ),
      ok: { "200": answer("The updated advert", ref("Advert")) },
      errors: ["400", "404", "413", "415"],
    },
    delete: {
      tag: "Adverts",
      summary: "Delete an advert",
      access: "staff",
      parameters: [uuidParam("advert")],
      ok: { "200": messageAnswer("Add deleted successfully") },
      errors: ["404"],
    },
  },

  // This description
  "/api/openapi.json": {
    get: {
      tag: "Docs",
      summary: "This OpenAPI document",
      access: "public",
      ok: { "200": answer("OpenAPI 3.1", { type: "object" }) },
    },
  },
  "/api/docs": {
    get: {
      tag: "Docs",
      summary: "The API reference as an HTML page",
      access: "public",
      ok: { "200": { description: "HTML", content: { "text/html": { schema: { type: "string" } } } } },
    },
  },
};

const TAGS = [
  { name: "Health", description: "Is the server up" },
  { name: "Admin", description: "Figures for the admin area" },
  { name: "Users", description: "Accounts, sessions, profile, roles, Read Later" },
  { name: "Posts", description: "News posts" },
  { name: "Feeds", description: "Home page and post page lists" },
  { name: "Engagement", description: "Comments, likes, reviews, shares" },
  { name: "Media", description: "Image uploads" },
  { name: "Categories and types", description: "Post categories and the types within them" },
  { name: "Polls", description: "Polls (SPEC.md's votes)" },
  { name: "Adverts", description: "Adverts by placement" },
  { name: "Docs", description: "This description" },
];

function buildDocument(): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const [path, methods] of Object.entries(PATHS)) {
    const item: Partial<Record<HttpMethod, OpenApiOperation>> = {};
    for (const method of HTTP_METHODS) {
      const spec = methods[method];
      if (spec) item[method] = operation(method, path, spec);
    }
    paths[path] = item;
  }
  const errorResponses = Object.fromEntries(
    Object.entries(ERROR_DESCRIPTIONS).map(([status, description]) => [
      `Error${status}`,
      answer(description, ref("Error")),
    ]),
  );
  return {
    openapi: "3.1.0",
    info: {
      title: "Broadsheet API",
      version: "1.0.0",
      description:
        'JSON in and out; uploads are multipart. Every error answers `{ "message": "…" }`. Logged-in calls carry the session cookie; state-changing calls from another origin are refused.',
    },
    servers: [{ url: "/" }],
    tags: TAGS,
    paths,
    components: {
      securitySchemes: {
        cookieAuth: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "The session cookie set by /api/users/login and /api/users/register",
        },
      },
      schemas: {
        Error: object({ message: str("What went wrong, safe to show") }),
        Message: object({ message: str() }),
        Health: object({
          status: { type: "string", enum: ["ok"] },
          database: { type: "string", enum: ["pglite", "postgres"] },
        }),
        User: jsonSchemaOf(PublicUserSchema),
        PostSummary: jsonSchemaOf(PostSummarySchema),
        PostDetail: jsonSchemaOf(PostDetailSchema),
        Comment: jsonSchemaOf(PostCommentSchema),
        Review: jsonSchemaOf(PostReviewSchema),
        Reviews: object({ count: int(), average: { type: "number" }, items: arrayOf(ref("Review")) }),
        ReviewsAnswer: object({ message: str(), reviews: ref("Reviews") }),
        LikeState: object({ likeCount: int(), likedByMe: { type: "boolean" } }),
        Category: jsonSchemaOf(CategorySchema),
        Type: jsonSchemaOf(PostTypeSchema),
        Poll: jsonSchemaOf(PollSchema),
        Advert: jsonSchemaOf(AdvertSchema),
        UploadedImage: UPLOADED_IMAGE,
        Home: object({
          latest: arrayOf(ref("PostSummary")),
          byCategory: {
            type: "object",
            description: "Category name → its newest published posts",
            additionalProperties: arrayOf(ref("PostSummary")),
          },
          hot: arrayOf(ref("PostSummary")),
          trendy: arrayOf(ref("PostSummary")),
          mostRead: arrayOf(ref("PostSummary")),
          icymi: arrayOf(ref("PostSummary")),
          advertsTop: arrayOf(ref("Advert")),
          poll: { anyOf: [ref("Poll"), { type: "null" }] },
        }),
      },
      responses: errorResponses,
    },
  };
}

let cached: OpenApiDocument | undefined;

/** The document; built once, it never changes while the process runs. */
export function openApiDocument(): OpenApiDocument {
  cached ??= buildDocument();
  return cached;
}
