import {
  AcceptInvitationInputSchema,
  ForgotPasswordInputSchema,
  isAcceptedFile,
  LoginInputSchema,
  MEDIA_MESSAGES,
  MESSAGES,
  PROFILE_PHOTO_UPLOAD,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  UPLOAD_MAX_BYTES,
  UpdateProfileInputSchema,
} from "@broadsheet/domain";
import { check, refusal } from "../forms/check";
import { formTexts } from "../forms/form-data";

/* The checks of the account forms (see forms/check.ts), in the order of docs/product.md#8-validation-and-messages. */

export function checkLogin(form: FormData) {
  return check(LoginInputSchema, formTexts(form, ["email", "password", "code"]), MESSAGES.allFieldsRequired);
}

const mismatch = () => refusal(MESSAGES.passwordsDoNotMatch, { confirmPassword: MESSAGES.passwordsDoNotMatch });

export function checkRegistration(form: FormData) {
  const { name, email, password, confirmPassword } = formTexts(form, ["name", "email", "password", "confirmPassword"]);
  if (!name.trim() || !email.trim() || !password || !confirmPassword) return refusal(MESSAGES.allFieldsRequired);
  const checked = check(RegisterInputSchema, { name, email, password }, MESSAGES.allFieldsRequired);
  return checked.ok && password !== confirmPassword ? mismatch() : checked;
}

export function checkNewPassword(form: FormData) {
  const { password, confirmPassword } = formTexts(form, ["password", "confirmPassword"]);
  if (!password || !confirmPassword) return refusal(MESSAGES.allFieldsRequired);
  const checked = check(ResetPasswordInputSchema, { password }, MESSAGES.allFieldsRequired);
  return checked.ok && password !== confirmPassword ? mismatch() : checked;
}

export function checkInvitation(form: FormData) {
  const { name, password, confirmPassword } = formTexts(form, ["name", "password", "confirmPassword"]);
  if (!name.trim() || !password || !confirmPassword) return refusal(MESSAGES.allFieldsRequired);
  const checked = check(AcceptInvitationInputSchema, { name, password }, MESSAGES.allFieldsRequired);
  return checked.ok && password !== confirmPassword ? mismatch() : checked;
}

export function checkForgotPassword(form: FormData) {
  return check(ForgotPasswordInputSchema, formTexts(form, ["email"]), MESSAGES.allFieldsRequired);
}

const PROFILE_FIELDS = ["name", "phone", "address", "state", "country", "bio"] as const;

export function profileValues(form: FormData) {
  return formTexts(form, PROFILE_FIELDS);
}

export function checkProfile(form: FormData) {
  const { name, phone, address, state, country, bio } = profileValues(form);
  // Only staff see the Bio field; a form without it leaves the bio as it is.
  return check(
    UpdateProfileInputSchema,
    { name, phone, address: { address, state, country }, bio: form.has("bio") ? bio : undefined },
    MESSAGES.allFieldsRequired,
  );
}

/** Why a chosen profile photo cannot be uploaded, or null when it can. */
export function photoProblem(file: FormDataEntryValue | null): string | null {
  if (!(file instanceof File) || file.size === 0) return MEDIA_MESSAGES.fileRequired;
  // Profile photos: JPEG or PNG only (docs/product.md#profile), judged by type and file name before upload.
  if (!isAcceptedFile(PROFILE_PHOTO_UPLOAD, file)) return MEDIA_MESSAGES.profilePhotoFormat;
  if (file.size > UPLOAD_MAX_BYTES) return MEDIA_MESSAGES.tooManyBytes;
  return null;
}
