import { MESSAGES } from "../api/messages";
import { URL_HOST } from "../content/posts.schemas";
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, isValidEmail } from "../rules/email";
import { AUTHOR_BIO_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../rules/limits";
import { mediaPathPattern, PHOTO_EXTENSION_PATTERN } from "../rules/media-paths";
import { z } from "../zod";
import { ROLES } from "./roles";

/*
 * Input shapes of the Users calls (docs/product.md#7-api). Checks run in the order of
 * docs/product.md#8-validation-and-messages and only the first failure is reported, with its exact message.
 */
const text = (message: string) => z.string({ error: message }).trim();
/*
 * Register and login read their fields leniently: anything that is not a string counts
 * as missing, so the "required" message applies rather than a type error.
 */
function readTextFields<const K extends string>(keys: readonly K[], trimmed: readonly K[]) {
  return z.unknown().transform((raw) => {
    const record = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
    const fields = {} as Record<K, string>;
    for (const key of keys) {
      const value = record[key];
      fields[key] = typeof value !== "string" ? "" : trimmed.includes(key) ? value.trim() : value;
    }
    return fields;
  });
}

/** Lengths are counted in characters (code points), as JSON Schema's minLength and maxLength count them. */
const characters = (value: string) => [...value].length;

/**
 * A profile photo as documented: an upload of this site (/media/…) or an https URL. The
 * server also takes the upload's absolute URL on the site's own origin (its check needs the
 * configuration, so it stays in the users service).
 */
const PHOTO_URL_PATTERN = new RegExp(
  String.raw`^(?:${mediaPathPattern(PHOTO_EXTENSION_PATTERN)}|https:\/\/${URL_HOST}(?:[\/?#]\S*)?)$`,
);

/** An e-mail address as the server checks it, for the document. */
const documentedEmail = () => z.string().max(EMAIL_MAX_LENGTH).regex(EMAIL_PATTERN);

/**
 * What a lenient schema accepts, for its documentation (JSON Schema, as OpenAPI shows it).
 * Only the server publishes it; in the browser it would be a wasted 10-20 ms at start-up.
 */
function documented(fields: z.ZodObject) {
  if ("document" in globalThis) return {};
  const { $schema: _dialect, ...schema } = z.toJSONSchema(fields, { io: "input" });
  return schema;
}

export const RegisterInputSchema = readTextFields(["name", "email", "password"], ["name", "email"])
  .superRefine((input, ctx) => {
    if (!input.name || !input.email || !input.password) {
      ctx.addIssue({ code: "custom", message: MESSAGES.allFieldsRequired });
    } else if (characters(input.password) < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: "custom", message: MESSAGES.passwordTooShort });
    } else if (!isValidEmail(input.email)) {
      ctx.addIssue({ code: "custom", message: MESSAGES.invalidEmail });
    } else if (characters(input.name) > 100) {
      ctx.addIssue({ code: "custom", message: "Name must be at most 100 characters" });
    } else if (characters(input.password) > 200) {
      ctx.addIssue({ code: "custom", message: "Password must be at most 200 characters" });
    }
  })
  .meta(
    documented(
      z.object({
        name: z.string().min(1).max(100),
        email: documentedEmail(),
        password: z.string().min(PASSWORD_MIN_LENGTH).max(200),
      }),
    ),
  );
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

/** The optional two-factor code, when sent, must be text: a code of another type would read as no code. */
const codeIsTextIfSent = (raw: unknown) => {
  const code = raw && typeof raw === "object" ? (raw as Record<string, unknown>).code : undefined;
  return code === undefined || typeof code === "string";
};

export const LoginInputSchema = z
  .unknown()
  .refine(codeIsTextIfSent, "The code must be text")
  .pipe(readTextFields(["email", "password", "code"], ["email", "code"]))
  .superRefine((input, ctx) => {
    if (!input.email || !input.password) {
      ctx.addIssue({ code: "custom", message: MESSAGES.loginFieldsRequired });
    } else if (!isValidEmail(input.email)) {
      ctx.addIssue({ code: "custom", message: MESSAGES.invalidEmail });
    }
  })
  .meta(
    documented(
      z.object({
        email: documentedEmail(),
        password: z.string().min(1),
        code: z
          .string()
          .optional()
          .describe("The authenticator app's code (or a recovery code) when two-factor sign-in is on"),
      }),
    ),
  );
export type LoginInput = z.infer<typeof LoginInputSchema>;

const requiredField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(200, `${label} must be at most 200 characters`);

export const UpdateProfileInputSchema = z.object({
  name: requiredField("Name"),
  phone: requiredField("Phone"),
  address: z.object(
    {
      address: requiredField("Address"),
      state: requiredField("State"),
      country: requiredField("Country"),
    },
    { error: "Address is required" },
  ),
  bio: z
    .string({ error: "Bio must be text" })
    .trim()
    .max(AUTHOR_BIO_MAX_LENGTH, `Bio must be at most ${AUTHOR_BIO_MAX_LENGTH} characters`)
    .optional()
    .describe("Staff only: the short biography on the author page"),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;

export const UpdatePhotoInputSchema = z.object({
  photo: text("Photo is required").min(1, "Photo is required").max(2000).meta({ pattern: PHOTO_URL_PATTERN.source }),
});

export const UpdateRoleInputSchema = z.object({
  id: text("User id is required").min(1, "User id is required"),
  role: z.enum(ROLES, { error: "Role must be user, editor or admin" }),
});
export type UpdateRoleInput = z.infer<typeof UpdateRoleInputSchema>;

export const newPassword = z
  .string({ error: MESSAGES.allFieldsRequired })
  .min(1, MESSAGES.allFieldsRequired)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(200, "Password must be at most 200 characters");

export const ChangePasswordInputSchema = z.object({
  oldPassword: z.string({ error: MESSAGES.allFieldsRequired }).min(1, MESSAGES.allFieldsRequired),
  password: newPassword,
  /** Needed when two-factor sign-in is on: a current code or a recovery code. */
  code: z.string().trim().max(40).optional(),
});

export const ResetPasswordInputSchema = z.object({ password: newPassword });

export const ForgotPasswordInputSchema = z.object({
  email: text(MESSAGES.invalidEmail)
    .max(EMAIL_MAX_LENGTH, MESSAGES.invalidEmail)
    .regex(EMAIL_PATTERN, MESSAGES.invalidEmail),
});

export const WishlistInputSchema = z.object({
  postId: text("postId is required").min(1, "postId is required").max(200),
});
