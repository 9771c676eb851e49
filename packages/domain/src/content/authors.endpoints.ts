import { endpoint } from "../api/endpoint";
import { z } from "../zod";

/** /api/authors: the public face of a staff member or of anyone who has published, for /author/{slug}. */

export const AuthorSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    slug: z.string(),
    photo: z.string().describe("Photo URL, or empty"),
    bio: z.string(),
    postCount: z.number().describe("Published posts: counted up to 10,000, estimated past that"),
    postCountIsEstimate: z.boolean().describe("Whether postCount is the database's estimate (above 10,000)"),
  })
  .meta({ id: "Author" });
export type Author = z.infer<typeof AuthorSchema>;

export const AuthorChoiceSchema = z
  .object({ _id: z.string(), name: z.string(), slug: z.string() })
  .meta({ id: "AuthorChoice" });
export type AuthorChoice = z.infer<typeof AuthorChoiceSchema>;

export const authorsApi = {
  list: endpoint({
    method: "get",
    path: "/api/authors",
    tag: "Authors",
    summary: "Who can have a byline: the site's editors and admins, by name",
    access: "staff",
    response: z.array(AuthorChoiceSchema),
    responseDescription: "The people a post's Authors field offers",
  }),
  get: endpoint({
    method: "get",
    path: "/api/authors/{slug}",
    tag: "Authors",
    summary: "An author's public profile",
    description:
      "Editors and admins have an author page, and so has any account with a published post; other readers' identities stay private (404). Their posts: GET /api/posts?author={slug}.",
    access: "public",
    params: z.object({ slug: z.string().max(200).meta({ description: "The author's slug" }) }),
    response: AuthorSchema,
    responseDescription: "The author",
    errors: [404],
  }),
};
