/*
 * Services throw AppError kinds with a message that is safe to show; the HTTP error
 * handler maps each kind to its status. Anything else is a bug and answers 500.
 */
export type AppErrorKind =
  | "invalid"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "too_large"
  | "unsupported_media"
  | "rate_limited";

const STATUS_BY_KIND = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  rate_limited: 429,
} as const satisfies Record<AppErrorKind, number>;

export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    /** For a 429: when the client may try again (the Retry-After header). */
    readonly retryAfterSeconds?: number,
    /** More of the answer than its message (a 409's current version of what was edited). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): (typeof STATUS_BY_KIND)[AppErrorKind] {
    return STATUS_BY_KIND[this.kind];
  }
}

export const invalid = (message: string) => new AppError("invalid", message);
export const unauthorized = (message = "Please log in to continue") => new AppError("unauthorized", message);
export const forbidden = (message = "You are not allowed to do this") => new AppError("forbidden", message);
export const notFound = (message: string) => new AppError("not_found", message);
export const conflict = (message: string) => new AppError("conflict", message);
export const tooLarge = (message: string) => new AppError("too_large", message);
export const unsupportedMedia = (message: string) => new AppError("unsupported_media", message);
export const rateLimited = (
  message = "Too many requests. Please wait a moment and try again.",
  retryAfterMs?: number,
) =>
  new AppError(
    "rate_limited",
    message,
    retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(retryAfterMs / 1000)),
  );
