import { MEDIA_MESSAGES, MESSAGES } from "@broadsheet/domain";
import { Save, Upload } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { data, Form, useActionData, useNavigation } from "react-router";
import { AccountTabs } from "../components/account-tabs";
import { FormMessage, SubmitButton, TextField } from "../components/form-controls";
import { PermissionDenied } from "../components/permission-denied";
import { useToast } from "../components/toaster";
import { checkProfile, photoProblem, profileValues } from "../lib/account-forms";
import { ACCOUNT_TOASTS } from "../lib/account-messages";
import { callApi, errorMessage } from "../lib/api.server";
import { withRedirectTo } from "../lib/safe-redirect";
import type { SessionUser } from "../lib/session-user";
import { uploadImage } from "../lib/upload.server";
import { useHydrated } from "../lib/use-hydrated";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.user ? "My Profile | Broadsheet" : `${MESSAGES.permissionDenied} | Broadsheet` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const result = await callApi<SessionUser>(context, "/api/users/getUser");
  if (result.status === 401) return data({ user: null }, { status: 401 });
  if (!result.ok) throw data(errorMessage(result), { status: result.status });
  return { user: result.data };
}

type ProfileValues = ReturnType<typeof profileValues>;
type ActionResult =
  | { intent: "profile"; ok: true }
  | { intent: "profile"; ok: false; message: string; values: ProfileValues }
  | { intent: "photo"; ok: boolean; uploaded: boolean; message: string };

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "photo") {
    const result = await changePhoto(context, form.get("photo"));
    return data(result, { status: result.ok ? 200 : 400 });
  }

  const values = profileValues(form);
  const checked = checkProfile(form);
  if (!checked.ok) {
    return data<ActionResult>({ intent: "profile", ok: false, message: checked.message, values }, { status: 400 });
  }
  const result = await callApi(context, "/api/users/updateUser", { method: "PATCH", json: checked.value });
  if (!result.ok) {
    return data<ActionResult>(
      { intent: "profile", ok: false, message: errorMessage(result), values },
      { status: result.status },
    );
  }
  return data<ActionResult>({ intent: "profile", ok: true });
}

/** SPEC.md §4: the photo is uploaded first (POST /api/media), then saved on the profile. */
async function changePhoto(context: Route.ActionArgs["context"], file: FormDataEntryValue | null) {
  const fail = (message: string, uploaded = false): ActionResult => ({ intent: "photo", ok: false, uploaded, message });
  const problem = photoProblem(file);
  if (problem || !(file instanceof File)) return fail(problem ?? MEDIA_MESSAGES.fileRequired);
  const upload = await uploadImage(context, file, "profile");
  const url = upload.data.url;
  if (!upload.ok || !url) return fail(upload.data.message ?? MEDIA_MESSAGES.malformedUpload);
  const saved = await callApi(context, "/api/users/updatePhoto", { method: "PATCH", json: { photo: url } });
  if (!saved.ok) return fail(errorMessage(saved), true);
  return { intent: "photo", ok: true, uploaded: true, message: ACCOUNT_TOASTS.photoUpdated } satisfies ActionResult;
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  if (!user)
    return <PermissionDenied message={MESSAGES.loginUsersOnly} loginHref={withRedirectTo("/login", "/profile")} />;
  return <ProfileEditor user={user} />;
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "");
  return letters.join("") || "?";
}

function ProfileEditor({ user }: { user: SessionUser }) {
  const actionData = useActionResult();
  const toast = useToast();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const photoForm = useRef<HTMLFormElement>(null);
  const [clientError, setClientError] = useState<string | null>(null);

  useEffect(() => {
    if (!actionData) return;
    if (actionData.intent === "photo") {
      if (actionData.uploaded) toast.success(ACCOUNT_TOASTS.imageUploaded);
      if (actionData.ok) {
        toast.success(ACCOUNT_TOASTS.photoUpdated);
        photoForm.current?.reset();
      } else toast.error(actionData.message);
    } else if (actionData.ok) toast.success(ACCOUNT_TOASTS.profileUpdated);
    else toast.error(actionData.message);
  }, [actionData, toast]);

  function onProfileSubmit(event: FormEvent<HTMLFormElement>) {
    const checked = checkProfile(new FormData(event.currentTarget));
    if (checked.ok) {
      setClientError(null);
      return;
    }
    event.preventDefault();
    setClientError(checked.message);
    toast.error(checked.message);
  }

  function onPhotoSubmit(event: FormEvent<HTMLFormElement>) {
    const message = photoProblem(new FormData(event.currentTarget).get("photo"));
    if (!message) return;
    event.preventDefault();
    toast.error(message);
  }

  const profileResult = actionData?.intent === "profile" ? actionData : null;
  const photoResult = actionData?.intent === "photo" ? actionData : null;
  const values: ProfileValues =
    profileResult && !profileResult.ok
      ? profileResult.values
      : {
          name: user.name,
          phone: user.phone,
          address: user.address?.address ?? "",
          state: user.address?.state ?? "",
          country: user.address?.country ?? "",
        };
  const profileError = clientError ?? (profileResult && !profileResult.ok ? profileResult.message : null);

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
            <label htmlFor="profile-photo" className="block text-sm font-semibold text-gray-800">
              Choose photo
            </label>
            <input
              id="profile-photo"
              name="photo"
              type="file"
              accept="image/jpeg,image/png"
              aria-describedby="profile-photo-hint"
              className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-ink hover:file:bg-gray-200"
            />
            <p id="profile-photo-hint" className="text-xs text-gray-600">
              JPEG or PNG, up to 10 MB.
            </p>
            {photoResult && !photoResult.ok ? <FormMessage kind="error">{photoResult.message}</FormMessage> : null}
            {photoResult?.ok && !hydrated ? <FormMessage kind="success">{photoResult.message}</FormMessage> : null}
            <SubmitButton busy={submitting === "photo"} className="w-full">
              {submitting === "photo" ? null : <Upload aria-hidden="true" className="h-4 w-4" />}
              Upload Photo
            </SubmitButton>
          </Form>
        </aside>

        <section
          aria-labelledby="details-heading"
          className="rounded-xl border border-gray-200 bg-white p-6 shadow-xs sm:p-8"
        >
          <h2 id="details-heading" className="font-serif text-xl font-bold text-ink">
            Personal details
          </h2>
          <Form
            method="post"
            noValidate
            onSubmit={onProfileSubmit}
            className="mt-6 space-y-5"
            aria-describedby={profileError ? "profile-error" : undefined}
          >
            <input type="hidden" name="intent" value="profile" />
            {profileError ? (
              <FormMessage id="profile-error" kind="error">
                {profileError}
              </FormMessage>
            ) : null}
            {profileResult?.ok && !hydrated ? (
              <FormMessage kind="success">{ACCOUNT_TOASTS.profileUpdated}</FormMessage>
            ) : null}
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField id="profile-name" name="name" label="Name" autoComplete="name" defaultValue={values.name} />
              <TextField
                id="profile-phone"
                name="phone"
                type="tel"
                label="Phone"
                autoComplete="tel"
                defaultValue={values.phone}
              />
              <div className="sm:col-span-2">
                <TextField
                  id="profile-email"
                  name="email"
                  type="email"
                  label="Email"
                  value={user.email}
                  disabled
                  readOnly
                  hint="Your e-mail address is your login and cannot be changed here."
                />
              </div>
              <div className="sm:col-span-2">
                <TextField
                  id="profile-address"
                  name="address"
                  label="Address"
                  autoComplete="street-address"
                  defaultValue={values.address}
                />
              </div>
              <TextField
                id="profile-state"
                name="state"
                label="State"
                autoComplete="address-level1"
                defaultValue={values.state}
              />
              <TextField
                id="profile-country"
                name="country"
                label="Country"
                autoComplete="country-name"
                defaultValue={values.country}
              />
            </div>
            <div className="flex justify-end border-t border-gray-200 pt-5">
              <SubmitButton busy={submitting === "profile"}>
                {submitting === "profile" ? null : <Save aria-hidden="true" className="h-4 w-4" />}
                Update Profile
              </SubmitButton>
            </div>
          </Form>
        </section>
      </div>
    </div>
  );
}

function useActionResult(): ActionResult | undefined {
  return useActionData<typeof action>() as ActionResult | undefined;
}
