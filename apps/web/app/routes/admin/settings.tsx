import {
  type CommentModeration,
  MESSAGES,
  POST_IMAGE_UPLOAD,
  SETTINGS_LIMITS,
  SETTINGS_MESSAGES,
  type Settings,
  type SettingsPatch,
  type SiteLink,
  settingsApi,
  usersApi,
} from "@broadsheet/domain";
import { Save } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { AdminPageHeader, AdminPanel } from "../../components/admin/admin-page-header";
import { ImageUploader } from "../../components/admin/image-uploader";
import { LinkListField } from "../../components/admin/link-list-field";
import { PermissionDenied } from "../../components/permission-denied";
import { Button, Field, type FieldProps, FormMessage } from "../../components/ui";
import { adminMeta } from "../../lib/admin/admin-meta";
import { loadAllPages } from "../../lib/admin/site-pages.server";
import { callApi, errorMessage } from "../../lib/api.server";
import { useHydrated } from "../../lib/document/use-hydrated";
import { apiAction } from "../../lib/forms/answer.server";
import { formList, formText } from "../../lib/forms/form-data";
import { useResultToast } from "../../lib/forms/use-result-toast";
import type { Route } from "./+types/settings";

/*
 * Admin → Settings (issue 15): the site's name, words, images and links. Admins only
 * (the API refuses everyone else); every page shows a saved change at once.
 */

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(matches, "Settings", Boolean(loaderData && !loaderData.denied));

export async function loader({ context }: Route.LoaderArgs) {
  const [session, settings, pages] = await Promise.all([
    callApi(context, usersApi.getUser),
    callApi(context, settingsApi.get),
    loadAllPages(context),
  ]);
  if (!session.ok || session.data.role !== "admin") {
    return data({ denied: true as const, settings: null }, { status: session.ok ? 403 : 401 });
  }
  if (!settings.ok) throw data(errorMessage(settings), { status: settings.status });
  // Readers would find a draft missing: only published pages are offered.
  const pageLinks = pages.filter((page) => page.isPublished).map((page) => ({ label: page.title, url: page.path }));
  return { denied: false as const, settings: settings.data, pageLinks };
}

/** The zones this runtime knows (UTC first), and the current one even if it does not list it. */
function timeZones(current: string): string[] {
  const known = Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC");
  return ["UTC", ...(known.includes(current) || current === "UTC" ? [] : [current]), ...known];
}

/** The rows of a link list, in order, without the ones left empty. */
function linksOf(form: FormData, name: string): SiteLink[] {
  const labels = formList(form, `${name}Label`);
  const urls = formList(form, `${name}Url`);
  return labels
    .map((label, index) => ({ label: label.trim(), url: (urls[index] ?? "").trim() }))
    .filter((link) => link.label !== "" || link.url !== "");
}

function settingsBody(form: FormData): SettingsPatch {
  return {
    siteName: formText(form, "siteName"),
    tagline: formText(form, "tagline"),
    about: formText(form, "about"),
    contactEmail: formText(form, "contactEmail"),
    contactPhone: formText(form, "contactPhone"),
    shopUrl: formText(form, "shopUrl").trim(),
    postalAddress: formText(form, "postalAddress"),
    twitterHandle: formText(form, "twitterHandle"),
    postsPerPage: Number(formText(form, "postsPerPage")),
    timeZone: formText(form, "timeZone"),
    requireTwoFactor: form.get("requireTwoFactor") === "on",
    commentModeration: formText(form, "commentModeration") as CommentModeration,
    commentHeldWords: formText(form, "commentHeldWords")
      .split("\n")
      .map((word) => word.trim())
      .filter((word) => word !== ""),
    commentMaxLinks: Number(formText(form, "commentMaxLinks") || "0"),
    navigation: linksOf(form, "navigation"),
    socialLinks: linksOf(form, "social"),
    logo: formList(form, "logo")[0] ?? "",
    icon: formList(form, "icon")[0] ?? "",
    shareImage: formList(form, "shareImage")[0] ?? "",
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  return apiAction(
    context,
    "saveSettings",
    settingsApi.update,
    { body: settingsBody(form) },
    {
      success: SETTINGS_MESSAGES.saved,
    },
  );
}

/** The fields of each panel, in order, with the saved values. */
function settingsFields(settings: Settings): Record<"identity" | "contact" | "security" | "comments", FieldProps[]> {
  return {
    identity: [
      {
        kind: "text",
        id: "settings-site-name",
        name: "siteName",
        label: "Site name",
        required: true,
        maxLength: SETTINGS_LIMITS.siteName,
        defaultValue: settings.siteName,
      },
      {
        kind: "text",
        id: "settings-tagline",
        name: "tagline",
        label: "Tagline",
        maxLength: SETTINGS_LIMITS.tagline,
        defaultValue: settings.tagline,
        hint: "Under the name on the home page, and in the home page's title.",
      },
      {
        kind: "textarea",
        id: "settings-about",
        name: "about",
        label: "About text",
        rows: 3,
        maxLength: SETTINGS_LIMITS.about,
        defaultValue: settings.about,
        hint: "In the footer of every page.",
      },
    ],
    contact: [
      {
        kind: "email",
        id: "settings-contact-email",
        name: "contactEmail",
        label: "Contact e-mail",
        required: true,
        defaultValue: settings.contactEmail,
      },
      {
        kind: "tel",
        id: "settings-contact-phone",
        name: "contactPhone",
        label: "Contact phone",
        maxLength: SETTINGS_LIMITS.contactPhone,
        defaultValue: settings.contactPhone,
      },
      {
        kind: "url",
        id: "settings-shop-url",
        name: "shopUrl",
        label: "Shop URL",
        defaultValue: settings.shopUrl,
        hint: "Empty: no Shop link in the footer.",
      },
      {
        kind: "textarea",
        id: "settings-postal-address",
        name: "postalAddress",
        label: "Postal address",
        rows: 2,
        maxLength: SETTINGS_LIMITS.postalAddress,
        defaultValue: settings.postalAddress,
        hint: "The postal or contact line every newsletter ends with.",
      },
      {
        kind: "text",
        id: "settings-twitter-handle",
        name: "twitterHandle",
        label: "X (Twitter) handle",
        placeholder: "@broadsheet",
        defaultValue: settings.twitterHandle,
        hint: "Named as the site in link previews on X. Empty: none.",
      },
      {
        kind: "number",
        id: "settings-posts-per-page",
        name: "postsPerPage",
        label: "Posts per page",
        min: SETTINGS_LIMITS.postsPerPageMin,
        max: SETTINGS_LIMITS.postsPerPageMax,
        defaultValue: settings.postsPerPage,
        hint: "On category and author pages.",
      },
      {
        kind: "select",
        id: "settings-time-zone",
        name: "timeZone",
        label: "Time zone",
        defaultValue: settings.timeZone,
        hint: "Editors pick and read scheduled times in this zone.",
        options: timeZones(settings.timeZone).map((zone) => ({ value: zone, label: zone })),
      },
    ],
    comments: [
      {
        kind: "select",
        id: "settings-comment-moderation",
        name: "commentModeration",
        label: "Hold comments for review",
        defaultValue: settings.commentModeration,
        hint: "Held comments wait in Admin → Comments; their authors see them marked as waiting for review.",
        options: [
          { value: "off", label: "Off" },
          { value: "first", label: "First-time commenters" },
          { value: "all", label: "All comments" },
        ],
      },
      {
        kind: "textarea",
        id: "settings-comment-held-words",
        name: "commentHeldWords",
        label: "Held words",
        rows: 3,
        defaultValue: (settings.commentHeldWords ?? []).join("\n"),
        hint: "One word or phrase per line: a comment containing one waits for review. Not shown to readers.",
      },
      {
        kind: "number",
        id: "settings-comment-max-links",
        name: "commentMaxLinks",
        label: "Maximum links",
        min: 0,
        max: SETTINGS_LIMITS.maxLinks,
        defaultValue: settings.commentMaxLinks ?? 0,
        hint: "A comment with more links than this waits for review. 0: no limit.",
      },
    ],
    security: [
      {
        kind: "checkbox",
        id: "settings-require-two-factor",
        name: "requireTwoFactor",
        label: "Require two-factor sign-in for all staff",
        defaultChecked: settings.requireTwoFactor === true,
        hint: "Editors and admins without it can only reach their profile until they turn it on. Turn it on for yourself first.",
      },
    ],
  };
}

const fieldsOf = (fields: FieldProps[]) => fields.map((field) => <Field key={field.id} {...field} />);

export default function SettingsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  useResultToast(actionData);
  if (loaderData.denied) return <PermissionDenied message={MESSAGES.adminSettingsOnly} />;
  const { settings } = loaderData;
  const fields = settingsFields(settings);

  return (
    <>
      <AdminPageHeader title="Settings" description="The site's name, words, images and links, on every page." />
      <Form method="post" className="max-w-3xl space-y-6">
        {actionData && !hydrated ? (
          <FormMessage kind={actionData.ok ? "success" : "error"}>{actionData.message}</FormMessage>
        ) : null}
        <AdminPanel id="settings-identity" title="Identity">
          <div className="space-y-4">{fieldsOf(fields.identity)}</div>
        </AdminPanel>

        <AdminPanel id="settings-images" title="Images">
          <div className="space-y-4">
            <ImageUploader
              name="logo"
              label="Logo"
              max={1}
              accept={POST_IMAGE_UPLOAD.mimeTypes}
              initialImages={settings.logo ? [settings.logo] : []}
            />
            <ImageUploader
              name="icon"
              label="Icon"
              max={1}
              accept={POST_IMAGE_UPLOAD.mimeTypes}
              initialImages={settings.icon ? [settings.icon] : []}
            />
            <ImageUploader
              name="shareImage"
              label="Default share image"
              max={1}
              accept={POST_IMAGE_UPLOAD.mimeTypes}
              initialImages={settings.shareImage ? [settings.shareImage] : []}
            />
          </div>
        </AdminPanel>

        <AdminPanel id="settings-contact" title="Contact and shop">
          <div className="grid gap-4 sm:grid-cols-2">{fieldsOf(fields.contact)}</div>
        </AdminPanel>

        <AdminPanel id="settings-comments" title="Comments">
          <div className="space-y-4">{fieldsOf(fields.comments)}</div>
        </AdminPanel>

        <AdminPanel id="settings-security" title="Security">
          {fieldsOf(fields.security)}
        </AdminPanel>

        <AdminPanel id="settings-links" title="Links">
          <div className="space-y-6">
            <LinkListField
              name="navigation"
              legend="Top bar navigation"
              noun="Navigation link"
              hint="Shown after Home in the top bar, in this order. A page of this site (/category/world-news) or a full URL."
              initial={settings.navigation}
              max={SETTINGS_LIMITS.links}
              suggestions={loaderData.pageLinks}
            />
            <LinkListField
              name="social"
              legend="Social profiles"
              noun="Social link"
              hint="In the footer, under the about text."
              initial={settings.socialLinks}
              max={SETTINGS_LIMITS.links}
            />
          </div>
        </AdminPanel>

        <div className="flex justify-end">
          <Button type="submit" busy={busy} icon={Save}>
            Save settings
          </Button>
        </div>
      </Form>
    </>
  );
}
