import {
  ForgotPasswordInputSchema,
  LoginInputSchema,
  MEDIA_MESSAGES,
  MESSAGES,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  UPLOAD_MAX_BYTES,
  UpdateProfileInputSchema,
} from "@broadsheet/domain";

/*
 * The checks of the account forms, run in the browser before submitting and again in
 * the route actions (for readers without JavaScript). They use the API's own zod schemas
 * (packages/domain), so both sides report the same first message in SPEC.md §5's order.
 */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

type SafeParse<T> =
  | { success: true; data: T }
  | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };

function fromParse<T>(result: SafeParse<T>): Checked<T> {
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? MESSAGES.allFieldsRequired };
}

/** A text field of a submitted form ("" when missing or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

export function checkLogin(form: FormData) {
  return fromParse(
    LoginInputSchema.safeParse({ email: formText(form, "email"), password: formText(form, "password") }),
  );
}

export function checkRegistration(form: FormData) {
  const name = formText(form, "name");
  const email = formText(form, "email");
  const password = formText(form, "password");
  const confirmPassword = formText(form, "confirmPassword");
  if (!name.trim() || !email.trim() || !password || !confirmPassword) {
    return { ok: false, message: MESSAGES.allFieldsRequired } as const;
  }
  const checked = fromParse(RegisterInputSchema.safeParse({ name, email, password }));
  if (checked.ok && password !== confirmPassword) return { ok: false, message: MESSAGES.passwordsDoNotMatch } as const;
  return checked;
}

export function checkNewPassword(form: FormData) {
  const password = formText(form, "password");
  const confirmPassword = formText(form, "confirmPassword");
  if (!password || !confirmPassword) return { ok: false, message: MESSAGES.allFieldsRequired } as const;
  const checked = fromParse(ResetPasswordInputSchema.safeParse({ password }));
  if (checked.ok && password !== confirmPassword) return { ok: false, message: MESSAGES.passwordsDoNotMatch } as const;
  return checked;
}

export function checkForgotPassword(form: FormData) {
  return fromParse(ForgotPasswordInputSchema.safeParse({ email: formText(form, "email") }));
}

export function profileValues(form: FormData) {
  return {
    name: formText(form, "name"),
    phone: formText(form, "phone"),
    address: formText(form, "address"),
    state: formText(form, "state"),
    country: formText(form, "country"),
  };
}

export function checkProfile(form: FormData) {
  const values = profileValues(form);
  return fromParse(
    UpdateProfileInputSchema.safeParse({
      name: values.name,
      phone: values.phone,
      address: { address: values.address, state: values.state, country: values.country },
    }),
  );
}

/** Profile photos: JPEG or PNG only (SPEC.md §5), judged by type and file name before upload. */
const PHOTO_TYPES = new Set(["image/jpeg", "image/jpg", "image/png"]);
const PHOTO_EXTENSION = /\.(jpe?g|png)$/i;

/** Why a chosen profile photo cannot be uploaded, or null when it can. */
export function photoProblem(file: FormDataEntryValue | null): string | null {
  if (!(file instanceof File) || file.size === 0) return MEDIA_MESSAGES.fileRequired;
  const accepted = file.type ? PHOTO_TYPES.has(file.type) : PHOTO_EXTENSION.test(file.name);
  if (!accepted) return MEDIA_MESSAGES.profilePhotoFormat;
  if (file.size > UPLOAD_MAX_BYTES) return MEDIA_MESSAGES.tooManyBytes;
  return null;
}
