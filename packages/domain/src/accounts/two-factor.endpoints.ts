import { endpoint, MessageSchema } from "../api/endpoint";
import { z } from "../zod";

/** Two-factor sign-in with an authenticator app (TOTP) for editors and admins (issue 15). */

export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app",
  codeWrong: "That code is not right: enter the current code from your authenticator app, or a recovery code",
  staffOnly: "Two-factor sign-in is for editors and admins",
  requiredForStaff: "Two-factor sign-in is required for staff: turn it on in your profile first",
  setUpFirst: "Start the set-up first: scan the QR code, then enter a code",
  alreadyOn: "Two-factor sign-in is already on",
  notOn: "Two-factor sign-in is not on",
  turnedOn: "Two-factor sign-in is on",
  turnedOff: "Two-factor sign-in is off",
  passwordRequired: "Enter your password",
  passwordWrong: "That password is not right",
} as const;

export const RECOVERY_CODE_COUNT = 10;

const CodeInputSchema = z.object({
  code: z
    .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
    .trim()
    .min(1, TWO_FACTOR_MESSAGES.codeRequired)
    .max(40, TWO_FACTOR_MESSAGES.codeWrong),
});

/** Turning it off proves both factors: a stolen session alone cannot remove the second one. */
const DisableInputSchema = CodeInputSchema.extend({
  password: z
    .string({ error: TWO_FACTOR_MESSAGES.passwordRequired })
    .min(1, TWO_FACTOR_MESSAGES.passwordRequired)
    .max(200, TWO_FACTOR_MESSAGES.passwordWrong),
});

const TAG = "Users";

export const twoFactorApi = {
  setup: endpoint({
    method: "post",
    path: "/api/users/2fa/setup",
    tag: TAG,
    summary: "Start turning on two-factor sign-in",
    description: "A new secret for the authenticator app, as a QR code (SVG) and as text. Editors and admins.",
    access: "user",
    status: 201,
    response: z.object({
      secret: z.string().describe("Base32, for typing into the app"),
      otpauthUrl: z.string(),
      qrSvg: z.string().describe("The otpauth URL as a QR code, an SVG document"),
    }),
    responseDescription: "The secret to add to the app",
    errors: [403, 409],
  }),
  enable: endpoint({
    method: "post",
    path: "/api/users/2fa/enable",
    tag: TAG,
    summary: "Turn on two-factor sign-in with a code from the app",
    access: "user",
    body: CodeInputSchema,
    response: z.object({
      message: z.string(),
      recoveryCodes: z.array(z.string()).describe("Shown once: each signs in once without the app"),
    }),
    responseDescription: "On, with recovery codes",
    errors: [400, 403, 409],
  }),
  disable: endpoint({
    method: "post",
    path: "/api/users/2fa/disable",
    tag: TAG,
    summary: "Turn off two-factor sign-in with the password and a current code or a recovery code",
    description: "A few wrong tries in 15 minutes answer 429 until the window ends.",
    access: "user",
    body: DisableInputSchema,
    response: MessageSchema,
    responseDescription: "Off",
    errors: [400, 403, 409, 429],
  }),
};
