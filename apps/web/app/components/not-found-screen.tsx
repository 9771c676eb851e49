import { MESSAGES } from "@broadsheet/domain";
import { Link } from "react-router";
import { useSiteName } from "../lib/site";

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
      <Link
        to="/"
        className="mt-8 inline-block rounded bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
      >
        Back To Home
      </Link>
    </section>
  );
}
