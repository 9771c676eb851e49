import { READ_LATER_TEXTS, SUCCESS_MESSAGES } from "@broadsheet/domain";

/** The account screens' toasts, from the shared catalogue in packages/domain. */
export const ACCOUNT_TOASTS = {
  loginSuccess: SUCCESS_MESSAGES.login,
  registerSuccess: SUCCESS_MESSAGES.registration,
  profileUpdated: SUCCESS_MESSAGES.userUpdated,
  photoUpdated: SUCCESS_MESSAGES.photoUpdated,
  imageUploaded: SUCCESS_MESSAGES.imageUploaded,
} as const;

export { READ_LATER_TEXTS };
