import { LEGAL_TEXT_UPDATED } from "@broadsheet/domain";
import { LegalContact, LegalPage } from "../components/layout/legal-page";
import { publicPageHeaders } from "../lib/public-page";
import { siteNameIn, useSite } from "../lib/site";
import type { Route } from "./+types/terms";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Terms | ${siteNameIn(matches)}` },
  { name: "description", content: `The terms of use of ${siteNameIn(matches)}.` },
];

export default function Terms() {
  const siteName = useSite()?.siteName ?? "";
  return (
    <LegalPage title="Terms of Use" updated={LEGAL_TEXT_UPDATED.shown}>
      <p>By using {siteName} you agree to these terms. Please read them; they are short.</p>
      <h2>Your account</h2>
      <p>
        You must be at least 13 years old to create an account. Keep your password to yourself; you are responsible for
        what is done with your account.
      </p>
      <h2>Comments and reviews</h2>
      <p>
        Be civil. Do not post anything unlawful, hateful, or that infringes someone else's rights. Editors may remove
        comments that break these rules and suspend accounts that keep doing so.
      </p>
      <h2>Our content</h2>
      <p>
        Stories, photos and videos on {siteName} belong to us or to their authors. You may share links and short quotes
        with attribution; please ask before republishing whole articles.
      </p>
      <h2>Adverts and links</h2>
      <p>Adverts are marked as such. We are not responsible for the content of sites we link to.</p>
      <h2>Changes</h2>
      <p>We may update these terms; the date above shows the latest version.</p>
      <h2>Contact</h2>
      <p>
        Write to <LegalContact />.
      </p>
    </LegalPage>
  );
}
