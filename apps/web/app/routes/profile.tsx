import {
  AUTHOR_BIO_MAX_LENGTH,
  acceptAttribute,
  authorPath,
  isStaff,
  MEDIA_MESSAGES,
  MESSAGES,
  PROFILE_PHOTO_UPLOAD,
  SUBSCRIBER_MESSAGES,
  subscribersApi,
  twoFactorApi,
  usersApi,
} from "@broadsheet/domain";
import { Save, Upload } from "lucide-react";
import { type FormEvent, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { ACCOUNT_FIELDS } from "../components/account/account-fields";
import { AccountTabs } from "../components/account/account-tabs";
import { TwoFactorSection } from "../components/account/two-factor-section";
import { type NewsletterChoice, NewsletterChoices } from "../components/newsletters/newsletter-choices";
import { PermissionDenied } from "../components/permission-denied";
import { useToast } from "../components/toaster";
import { Button, CheckedForm, Field, type FieldProps, FormMessage } from "../components/ui";
import { checkProfile, photoProblem, profileValues } from "../lib/account/account-forms";
import { ACCOUNT_TOASTS } from "../lib/account/account-messages";
import { withRedirectTo } from "../lib/account/safe-redirect";
import { uploadImage } from "../lib/admin/upload.server";
import { callApi, errorMessage } from "../lib/api.server";
import { useHydrated } from "../lib/document/use-hydrated";
import { fail, failedCall, refuse, succeed } from "../lib/forms/answer.server";
import { formList, formText } from "../lib/forms/form-data";
import { useFormCheck } from "../lib/forms/use-form-check";
import { useResultToast } from "../lib/forms/use-result-toast";
import type { SessionUser } from "../lib/session-user";
import { siteNameIn } from "../lib/site";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: loaderData?.user
      ? `My Profile | ${siteNameIn(matches)}`
      : `${MESSAGES.permissionDenied} | ${siteNameIn(matches)}`,
  },
  { name: "description", content: `Your ${siteNameIn(matches)} profile: name, photo, phone and address.` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const [result, mine] = await Promise.all([callApi(context, usersApi.getUser), callApi(context, subscribersApi.mine)]);
  if (result.status === 401) return data({ user: null, newsletters: [] }, { status: 401 });
  if (!result.ok) throw data(errorMessage(result), { status: result.status });
  return { user: result.data, newsletters: mine.ok ? mine.data.newsletters : [] };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = formText(form, "intent");
  if (intent === "photo") return changePhoto(context, form.get("photo"));
  if (intent === "newsletters") {
    const saved = await callApi(context, subscribersApi.updateMine, {
      body: { newsletters: formList(form, "newsletters") },
    });
    if (!saved.ok) return failedCall(saved, { intent });
    return succeed({ intent, message: SUBSCRIBER_MESSAGES.preferencesSaved });
  }
  if (intent.startsWith("2fa-"))
    return changeTwoFactor(context, intent, formText(form, "code"), formText(form, "password"));

  const values = profileValues(form);
  const checked = checkProfile(form);
  if (!checked.ok) return refuse(checked, { intent: "profile", values });
  const result = await callApi(context, usersApi.updateProfile, { body: checked.value });
  if (!result.ok) return failedCall(result, { intent: "profile", values });
  return succeed({ intent: "profile", message: ACCOUNT_TOASTS.profileUpdated });
}

/** Two-factor sign-in: set-up (QR code), turning on (recovery codes) and off. */
async function changeTwoFactor(context: Route.ActionArgs["context"], intent: string, code: string, password: string) {
  if (intent === "2fa-setup") {
    const setup = await callApi(context, twoFactorApi.setup);
    if (!setup.ok) return failedCall(setup, { intent });
    return succeed({
      intent,
      message: "Scan the QR code with your authenticator app",
      qrSvg: setup.data.qrSvg,
      secret: setup.data.secret,
    });
  }
  if (intent === "2fa-enable") {
    const enabled = await callApi(context, twoFactorApi.enable, { body: { code } });
    if (!enabled.ok) return failedCall(enabled, { intent });
    return succeed({ intent, message: enabled.data.message, recoveryCodes: enabled.data.recoveryCodes });
  }
  const disabled = await callApi(context, twoFactorApi.disable, { body: { password, code } });
  if (!disabled.ok) return failedCall(disabled, { intent });
  return succeed({ intent, message: disabled.data.message });
}

/** docs/product.md#10-flows-and-states: the photo is uploaded first (POST /api/media), then saved on the profile. */
async function changePhoto(context: Route.ActionArgs["context"], file: FormDataEntryValue | null) {
  const intent = "photo";
  const problem = photoProblem(file);
  if (problem || !(file instanceof File)) return fail({ intent, message: problem ?? MEDIA_MESSAGES.fileRequired });
  const upload = await uploadImage(context, file, "profile");
  if (!upload.ok) return fail({ intent, message: upload.data.message ?? MEDIA_MESSAGES.malformedUpload });
  const url = upload.data.url;
  if (!url) return fail({ intent, message: MEDIA_MESSAGES.malformedUpload });
  const notices = [ACCOUNT_TOASTS.imageUploaded];
  const saved = await callApi(context, usersApi.updatePhoto, { body: { photo: url } });
  if (!saved.ok) return fail({ intent, notices, message: errorMessage(saved) });
  return succeed({ intent, notices, message: ACCOUNT_TOASTS.photoUpdated });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { user, newsletters } = loaderData;
  if (!user)
    return <PermissionDenied message={MESSAGES.loginUsersOnly} loginHref={withRedirectTo("/login", "/profile")} />;
  return <ProfileEditor user={user} newsletters={newsletters} actionData={actionData} />;
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "");
  return letters.join("") || "?";
}

/**
 * The fields of Personal details, in order: the account's own (the e-mail shown, not changed
 * here), and the Bio on staff accounts, which is their author page's.
 */
function profileFields(user: SessionUser): FieldProps[] {
  const wide = "sm:col-span-2";
  const bioHint = user.slug ? (
    <>
      Shown on your <Link to={authorPath(user.slug)}>author page</Link>, up to {AUTHOR_BIO_MAX_LENGTH} characters.
    </>
  ) : (
    `Shown on your author page, up to ${AUTHOR_BIO_MAX_LENGTH} characters.`
  );
  const fields: FieldProps[] = [
    { id: "profile-name", ...ACCOUNT_FIELDS.name },
    { id: "profile-phone", ...ACCOUNT_FIELDS.phone },
    {
      id: "profile-email",
      ...ACCOUNT_FIELDS.email,
      value: user.email,
      disabled: true,
      readOnly: true,
      hint: "Your e-mail address is your login and cannot be changed here.",
      boxClassName: wide,
    },
    { id: "profile-address", ...ACCOUNT_FIELDS.address, boxClassName: wide },
    { id: "profile-state", ...ACCOUNT_FIELDS.state },
    { id: "profile-country", ...ACCOUNT_FIELDS.country },
  ];
  if (!isStaff(user.role)) return fields;
  return [
    ...fields,
    {
      kind: "textarea",
      id: "profile-bio",
      name: "bio",
      label: "Bio",
      rows: 4,
      maxLength: AUTHOR_BIO_MAX_LENGTH,
      hint: bioHint,
      boxClassName: wide,
    },
  ];
}

function ProfileEditor({
  user,
  newsletters,
  actionData,
}: {
  user: SessionUser;
  newsletters: readonly NewsletterChoice[];
  actionData: Route.ComponentProps["actionData"];
}) {
  const toast = useToast();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const photoForm = useRef<HTMLFormElement>(null);
  const profileResult = actionData?.intent === "profile" ? actionData : null;
  const photoResult = actionData?.intent === "photo" ? actionData : null;
  const newslettersResult = actionData?.intent === "newsletters" ? actionData : null;
  const profile = useFormCheck(checkProfile, profileResult);

  useResultToast(actionData, (done) => {
    if (done.intent === "photo") photoForm.current?.reset();
  });

  function onPhotoSubmit(event: FormEvent<HTMLFormElement>) {
    const message = photoProblem(new FormData(event.currentTarget).get("photo"));
    if (!message) return;
    event.preventDefault();
    toast.error(message);
  }

  const values: Record<string, string> = (profileResult && !profileResult.ok ? profileResult.values : undefined) ?? {
    name: user.name,
    phone: user.phone,
    address: user.address?.address ?? "",
    state: user.address?.state ?? "",
    country: user.address?.country ?? "",
    bio: user.bio,
  };

  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="font-serif text-3xl font-bold tracking-tight text-ink">My Profile</h1>
      <p className="mt-1 text-gray-600">Your details as other readers and our newsroom see them.</p>
      <div className="mt-6">
        <AccountTabs />
      </div>

      <div className="mt-8 grid gap-8 md:grid-cols-[18rem_1fr]">
        <aside
          aria-labelledby="photo-heading"
          className="h-fit rounded-xl border border-gray-200 bg-white p-6 shadow-xs"
        >
          <h2 id="photo-heading" className="sr-only">
            Photo
          </h2>
          <div className="flex flex-col items-center text-center">
            {user.photo ? (
              <img
                src={user.photo}
                alt={user.name}
                width={128}
                height={128}
                className="h-32 w-32 rounded-full object-cover ring-4 ring-brand-50"
              />
            ) : (
              <span
                role="img"
                aria-label={`${user.name} (no picture yet)`}
                className="flex h-32 w-32 items-center justify-center rounded-full bg-brand-50 font-serif text-4xl font-bold text-brand-700 ring-4 ring-white"
              >
                {initials(user.name)}
              </span>
            )}
            <p className="mt-4 font-serif text-xl font-bold text-ink">{user.name}</p>
            <p className="mt-1 max-w-full truncate text-sm text-gray-600" title={user.email}>
              {user.email}
            </p>
            <p className="mt-3">
              <span className="sr-only">Role: </span>
              <span className="inline-block rounded-full bg-gray-900 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">
                {user.role}
              </span>
            </p>
          </div>

          <Form
            ref={photoForm}
            method="post"
            encType="multipart/form-data"
            onSubmit={onPhotoSubmit}
            className="mt-6 space-y-3 border-t border-gray-200 pt-6"
          >
            <input type="hidden" name="intent" value="photo" />
            <Field
              kind="file"
              id="profile-photo"
              name="photo"
              label="Choose photo"
              accept={acceptAttribute(PROFILE_PHOTO_UPLOAD)}
              hint="JPEG or PNG, up to 10 MB."
            />
            {photoResult && !photoResult.ok ? <FormMessage kind="error">{photoResult.message}</FormMessage> : null}
            {photoResult?.ok && !hydrated ? <FormMessage kind="success">{photoResult.message}</FormMessage> : null}
            <Button type="submit" busy={submitting === "photo"} icon={Upload} className="w-full">
              Upload Photo
            </Button>
          </Form>
        </aside>

        <section
          aria-labelledby="details-heading"
          className="rounded-xl border border-gray-200 bg-white p-6 shadow-xs sm:p-8"
        >
          <h2 id="details-heading" className="font-serif text-xl font-bold text-ink">
            Personal details
          </h2>
          <CheckedForm check={profile} errorId="profile-error" className="mt-6 space-y-5">
            <input type="hidden" name="intent" value="profile" />
            {profileResult?.ok && !hydrated ? <FormMessage kind="success">{profileResult.message}</FormMessage> : null}
            <div className="grid gap-5 sm:grid-cols-2">
              {profileFields(user).map((field) => (
                <Field
                  key={field.id}
                  {...field}
                  defaultValue={field.disabled ? undefined : values[field.name]}
                  invalid={field.disabled ? undefined : profile.invalid(field.name)}
                />
              ))}
            </div>
            <div className="flex justify-end border-t border-gray-200 pt-5">
              <Button type="submit" busy={submitting === "profile"} icon={Save}>
                Update Profile
              </Button>
            </div>
          </CheckedForm>
        </section>
      </div>
      <div className="mt-8">
        <NewsletterChoices
          newsletters={newsletters}
          busy={submitting === "newsletters"}
          message={
            newslettersResult && (!newslettersResult.ok || !hydrated)
              ? { ok: newslettersResult.ok, text: newslettersResult.message ?? "" }
              : undefined
          }
        />
      </div>
      {isStaff(user.role) ? (
        <div className="mt-8">
          <TwoFactorSection enabled={user.twoFactorEnabled} />
        </div>
      ) : null}
    </div>
  );
}
