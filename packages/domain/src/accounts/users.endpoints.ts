import { PostSummarySchema, PublicUserSchema, pageSchema } from "../api/api-shapes";
import { endpoint, MessageSchema } from "../api/endpoint";
import { PostIdParams, pageQuerySchema } from "../api/query.schemas";
import { ADMIN_PAGE_SIZE, VIEWER_STATE_MAX_IDS } from "../rules/limits";
import { isUuid } from "../rules/text";
import { z } from "../zod";
import {
  ChangePasswordInputSchema,
  ForgotPasswordInputSchema,
  LoginInputSchema,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  UpdatePhotoInputSchema,
  UpdateProfileInputSchema,
  UpdateRoleInputSchema,
  WishlistInputSchema,
} from "./users.schemas";

/** /api/users: docs/product.md#7-api "Users", path for path. */

export const UserListQuerySchema = pageQuerySchema(ADMIN_PAGE_SIZE).extend({
  search: z.preprocess(
    (raw: string | undefined) => (raw === null ? raw : typeof raw === "string" ? raw.trim().slice(0, 200) : ""),
    z.string().meta({ description: "Part of a name or e-mail" }),
  ),
});

export type UserListQuery = z.output<typeof UserListQuerySchema>;

/** Ids in a query string, comma-separated: the ones that are ids, at most VIEWER_STATE_MAX_IDS. */
const idListQuery = (description: string) =>
  z.preprocess(
    (raw: unknown) =>
      // A repeated field arrives as a list of its values: read each one the same way.
      typeof raw === "string" || Array.isArray(raw)
        ? [raw]
            .flat()
            .flatMap((value) => (typeof value === "string" ? value.split(",") : []))
            .filter((id) => isUuid(id))
            .slice(0, VIEWER_STATE_MAX_IDS)
        : raw === undefined
          ? []
          : raw,
    // `explode: false`: the ids come comma-separated in one field, as the server reads them.
    z.array(z.string()).meta({ description, param: { style: "form", explode: false } }),
  );

export const ViewerStateQuerySchema = z.object({
  posts: idListQuery("Post ids, comma-separated: the posts the page shows"),
  polls: idListQuery("Poll ids, comma-separated"),
});

/**
 * What a page cached for every logged-in reader lacks: who this reader is and their own marks
 * on the posts and polls it shows (decision 016).
 */
export const ViewerStateSchema = z
  .object({
    user: PublicUserSchema.nullable().describe("null when the session has ended"),
    liked: z.array(z.string()).describe("The asked-about posts this reader likes"),
    saved: z.array(z.string()).describe("The asked-about posts in this reader's Read Later"),
    votes: z
      .record(z.string(), z.number().int().min(1).max(3))
      .describe("This reader's option in each asked-about poll they voted in"),
  })
  .meta({ id: "ViewerState" });

export type ViewerState = z.output<typeof ViewerStateSchema>;

export const ReadLaterSchema = z.object({ wishlist: z.array(PostSummarySchema) }).meta({ id: "ReadLater" });

const user = (summary: string, access: "user" | "admin", extra: { description?: string } = {}) =>
  ({ tag: "Users", summary, access, ...extra }) as const;

export const usersApi = {
  register: endpoint({
    method: "post",
    path: "/api/users/register",
    ...user("Create an account and log in", "user", { description: "Sets the session cookie." }),
    access: "public",
    body: RegisterInputSchema,
    status: 201,
    response: PublicUserSchema,
    responseDescription: "The new user",
    errors: [400, 409, 429],
  }),
  login: endpoint({
    method: "post",
    path: "/api/users/login",
    ...user("Log in", "user", { description: "Sets a fresh session cookie." }),
    access: "public",
    body: LoginInputSchema,
    response: PublicUserSchema,
    responseDescription: "The user",
    errors: [400, 401, 429],
  }),
  logout: endpoint({
    method: "get",
    path: "/api/users/logout",
    ...user("Log out", "user", {
      description:
        "Ends the session and clears the cookie. Refused when another site or an image, script or frame asks.",
    }),
    access: "public",
    response: MessageSchema,
    responseDescription: "Logged out",
    errors: [403],
  }),
  logoutForm: endpoint({
    method: "post",
    path: "/api/users/logout",
    ...user("Log out (POST form)", "user", { description: "Ends the session and clears the cookie." }),
    access: "public",
    response: MessageSchema,
    responseDescription: "Logged out",
    errors: [403],
  }),
  loginStatus: endpoint({
    method: "get",
    path: "/api/users/getLoginStatus",
    ...user("Whether the session is logged in", "user"),
    access: "optional",
    response: z.boolean(),
    responseDescription: "true or false",
  }),
  getUser: endpoint({
    method: "get",
    path: "/api/users/getUser",
    ...user("The logged-in user", "user"),
    response: PublicUserSchema,
    responseDescription: "The user",
  }),
  viewerState: endpoint({
    method: "get",
    path: "/api/users/viewer-state",
    ...user("The reader and their own marks on a page", "user", {
      description:
        "What a cached reader page fills in: the user and their likes, Read Later entries and votes among the given posts and polls. Never cached.",
    }),
    access: "optional",
    query: ViewerStateQuerySchema,
    response: ViewerStateSchema,
    responseDescription: "The reader's state (user null when logged out)",
  }),
  listUsers: endpoint({
    method: "get",
    path: "/api/users/getUsers",
    ...user("List users", "admin"),
    query: UserListQuerySchema,
    response: pageSchema(PublicUserSchema),
    responseDescription: "A page of users",
  }),
  updateRole: endpoint({
    method: "patch",
    path: "/api/users/updateRole",
    ...user("Change a user's role", "admin", { description: "The last admin cannot be demoted." }),
    body: UpdateRoleInputSchema,
    response: PublicUserSchema,
    responseDescription: "The updated user",
    errors: [400, 404, 409],
  }),
  updateProfile: endpoint({
    method: "patch",
    path: "/api/users/updateUser",
    ...user("Update the profile (name, phone, address)", "user"),
    body: UpdateProfileInputSchema,
    response: PublicUserSchema,
    responseDescription: "The updated user",
    errors: [400],
  }),
  updatePhoto: endpoint({
    method: "patch",
    path: "/api/users/updatePhoto",
    ...user("Set the profile photo URL", "user", {
      description: "Upload the photo with POST /api/media (purpose=profile) first.",
    }),
    body: UpdatePhotoInputSchema,
    response: PublicUserSchema,
    responseDescription: "The updated user",
    errors: [400],
  }),
  changePassword: endpoint({
    method: "patch",
    path: "/api/users/changePassword",
    ...user("Change the password", "user", {
      description:
        "Needs the old password, and a code when two-factor sign-in is on; a few wrong tries in 15 minutes answer 429. Ends every other session.",
    }),
    body: ChangePasswordInputSchema,
    response: MessageSchema,
    responseDescription: "Password changed",
    errors: [400, 429],
  }),
  forgotPassword: endpoint({
    method: "post",
    path: "/api/users/forgotPassword",
    ...user("E-mail a password reset link", "user", {
      description: "Answers the same whether or not the address has an account.",
    }),
    access: "public",
    body: ForgotPasswordInputSchema,
    response: MessageSchema,
    responseDescription: "Mail sent if the account exists",
    errors: [400, 429],
  }),
  resetPassword: endpoint({
    method: "patch",
    path: "/api/users/resetPassword/{token}",
    ...user("Set a new password with a reset token", "user"),
    access: "public",
    params: z.object({ token: z.string().meta({ description: "The token from the reset e-mail" }) }),
    body: ResetPasswordInputSchema,
    response: MessageSchema,
    responseDescription: "Password reset",
    errors: [400, 429],
  }),
  addToWishlist: endpoint({
    method: "post",
    path: "/api/users/addToWishlist",
    ...user("Add a post to Read Later", "user"),
    body: WishlistInputSchema,
    response: MessageSchema,
    responseDescription: "Added",
    errors: [400, 404],
  }),
  getWishlist: endpoint({
    method: "get",
    path: "/api/users/getWishlist",
    ...user("The Read Later list", "user"),
    response: ReadLaterSchema,
    responseDescription: "Saved posts",
  }),
  removeFromWishlist: endpoint({
    method: "put",
    path: "/api/users/wishlist/{id}",
    ...user("Remove a post from Read Later", "user"),
    params: PostIdParams,
    response: MessageSchema,
    responseDescription: "Removed",
    errors: [404],
  }),
};
