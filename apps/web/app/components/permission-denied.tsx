import { MESSAGES } from "@broadsheet/domain";
import { ShieldAlert } from "lucide-react";
import { ButtonLink } from "./ui/button";

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
        {loginHref ? <ButtonLink to={loginHref}>Login</ButtonLink> : null}
        <ButtonLink to="/" variant={loginHref ? "outline" : "primary"}>
          Back To Home
        </ButtonLink>
      </div>
    </section>
  );
}
