import { postPath, postsApi, previewsApi, revisionsApi, SUCCESS_MESSAGES } from "@broadsheet/domain";
import { data } from "react-router";
import { PostForm } from "../../../components/admin/post-form";
import { PreviewLinkPanel } from "../../../components/admin/preview-link-panel";
import { RevisionsPanel } from "../../../components/admin/revisions-panel";
import { loadTaxonomy, postBody } from "../../../lib/admin/admin-content.server";
import { saveEditedPost } from "../../../lib/admin/editor-safety.server";
import {
  bodyForDelivery,
  deliveryOf,
  loadDelivery,
  sendAfterSave,
  sendTest,
} from "../../../lib/admin/post-delivery.server";
import { callApi, errorMessage } from "../../../lib/api.server";
import { answerSave, apiAction, fail, failedCall, succeed } from "../../../lib/forms/answer.server";
import { formText } from "../../../lib/forms/form-data";
import { siteNameIn } from "../../../lib/site";
import type { Route } from "./+types/edit-post";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: loaderData
      ? `Edit: ${loaderData.post.title} | Admin | ${siteNameIn(matches)}`
      : `Edit Post | Admin | ${siteNameIn(matches)}`,
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const [post, taxonomy, revisions, delivery] = await Promise.all([
    callApi(context, postsApi.get, { params: { id: params.id } }),
    loadTaxonomy(context),
    callApi(context, revisionsApi.list, { params: { id: params.id } }),
    loadDelivery(context, params.id),
  ]);
  if (post.status === 404) throw data(null, { status: 404 });
  if (!post.ok) throw data(errorMessage(post), { status: post.status });
  return { post: post.data, ...taxonomy, revisions: revisions.ok ? revisions.data : [], delivery };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  const linkInput = { params: { id: params.id } };
  if (intent === "previewLink") {
    const link = await callApi(context, previewsApi.createLink, linkInput);
    if (!link.ok) return failedCall(link, { intent });
    return succeed({ intent, message: "Preview link ready", previewUrl: link.data.url });
  }
  if (intent === "revokePreview") return apiAction(context, intent, previewsApi.revokeLink, linkInput);
  if (intent === "testSend") return sendTest(context, params.id);
  const post = postBody(form, context.site.timeZone);
  if (!post.ok) return fail({ intent: "update", message: post.message });
  const delivery = deliveryOf(form);
  const body = bodyForDelivery(post.body, delivery, intent);
  if (!body.ok) return fail({ intent: "update", message: body.message });
  const input = { params: { id: params.id }, body: body.body };
  const success = SUCCESS_MESSAGES.postUpdated;
  if (delivery.delivery === "web") return saveEditedPost(context, "update", input, success);
  const saved = await callApi(context, postsApi.update, input);
  if (!saved.ok) return answerSave(saved, { intent: "update", success });
  return sendAfterSave(context, "update", params.id, delivery, success);
}

export default function EditPost({ loaderData }: Route.ComponentProps) {
  const { post, categories, types, revisions, delivery } = loaderData;
  return (
    <>
      <PostForm
        key={post._id}
        mode="edit"
        heading="Edit Post"
        description={post.title}
        viewHref={postPath(post.slug)}
        initial={{
          title: post.title,
          link: post.link ?? "",
          category: post.categorySlug,
          type: post.typeSlug ?? "",
          content: post.content,
          slug: post.slug,
          image: post.image,
          imageAlt: post.imageAlt,
          isPublished: post.isPublished,
          scheduledAt: post.scheduledAt,
          correction: post.correction,
          tags: post.tags.map((tag) => tag.name),
          excerpt: post.excerpt,
          metaTitle: post.metaTitle,
          metaDescription: post.metaDescription,
          socialImage: post.socialImage,
          canonicalUrl: post.canonicalUrl,
          authors: post.authors,
        }}
        bylines={post.bylines}
        categories={categories}
        types={types}
        delivery={delivery}
        postId={post._id}
        version={post.version}
      />
      <div className="mt-6 grid max-w-5xl gap-6 lg:grid-cols-2">
        <RevisionsPanel postId={post._id} revisions={revisions} />
        {post.isPublished ? null : <PreviewLinkPanel />}
      </div>
    </>
  );
}
