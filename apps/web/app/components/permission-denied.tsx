import { MESSAGES } from "@broadsheet/domain";
import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";

/**
 * The permission screen of docs/product.md#permission-screens: "Permission denied", why, a Back To Home link and,
 * for pages that need a login, a Login link (pass its href with the way back in redirectTo).
 * The page sets its own <title> (meta export).
 */
export function PermissionDenied({ message, loginHref }: { message: string; loginHref?: string }) {
  return (
    <section aria-labelledby="permission-heading" className="mx-auto max-w-xl py-16 text-center">
      <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <ShieldAlert aria-hidden="true" className="h-8 w-8" />
      </span>
      <h1 id="permission-heading" className="mt-6 font-serif text-3xl font-bold text-ink">
        {MESSAGES.permissionDenied}
      </h1>
      <p className="mt-3 text-gray-600">{message}</p>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        {loginHref ? (
          <Link
            to={loginHref}
            className="inline-block rounded bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            Login
          </Link>
        ) : null}
        <Link
          to="/"
          className={
            loginHref
              ? "inline-block rounded border border-gray-300 px-5 py-2.5 font-semibold text-ink hover:border-brand-600 hover:text-brand-600"
              : "inline-block rounded bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
          }
        >
          Back To Home
        </Link>
      </div>
    </section>
  );
}
