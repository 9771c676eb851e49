import { MESSAGES } from "@broadsheet/domain";
import { useSiteName } from "../lib/site";
import { ButtonLink } from "./ui/button";

export function NotFoundScreen() {
  const siteName = useSiteName();
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <title>{`${MESSAGES.pageNotFound} | ${siteName}`}</title>
      <meta name="description" content={MESSAGES.pageNotFoundDetail} />
      <p className="font-serif text-7xl font-bold text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 font-serif text-3xl font-bold">{MESSAGES.pageNotFound}</h1>
      <p className="mt-3 text-gray-600">{MESSAGES.pageNotFoundDetail}</p>
      <ButtonLink to="/" className="mt-8">
        Back To Home
      </ButtonLink>
    </section>
  );
}
