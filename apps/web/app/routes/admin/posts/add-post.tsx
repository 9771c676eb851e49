import { postsApi, SUCCESS_MESSAGES } from "@broadsheet/domain";
import { EMPTY_POST, PostForm } from "../../../components/admin/post-form";
import { loadTaxonomy, postBody, saveContent } from "../../../lib/admin/admin-content.server";
import { fail } from "../../../lib/forms/answer.server";
import { siteNameIn } from "../../../lib/site";
import type { Route } from "./+types/add-post";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Add Post | Admin | ${siteNameIn(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return loadTaxonomy(context);
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const post = postBody(form, context.site.timeZone);
  if (!post.ok) return fail({ intent: "create", message: post.message });
  return saveContent(context, "create", postsApi.create, { body: post.body }, SUCCESS_MESSAGES.postCreated);
}

export default function AddPost({ loaderData }: Route.ComponentProps) {
  return (
    <PostForm
      mode="create"
      heading="Add Post"
      description="Write a story, then publish it or keep it as a draft."
      initial={EMPTY_POST}
      categories={loaderData.categories}
      types={loaderData.types}
    />
  );
}
