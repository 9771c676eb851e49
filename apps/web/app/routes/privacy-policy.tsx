import { LEGAL_TEXT_UPDATED } from "@broadsheet/domain";
import { LegalContact, LegalPage } from "../components/layout/legal-page";
import { publicPageHeaders } from "../lib/public-page";
import { siteNameIn, useSite } from "../lib/site";
import type { Route } from "./+types/privacy-policy";

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Privacy Policy | ${siteNameIn(matches)}` },
  { name: "description", content: `How ${siteNameIn(matches)} collects, uses and protects your personal information.` },
];

export default function PrivacyPolicy() {
  const siteName = useSite()?.siteName ?? "";
  return (
    <LegalPage title="Privacy Policy" updated={LEGAL_TEXT_UPDATED.shown}>
      <p>
        {siteName} respects your privacy. This policy explains what we collect when you read, register, comment or
        subscribe, why we collect it, and the choices you have.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Account details you give us: your name, e-mail address, and optionally phone, address and photo.</li>
        <li>What you do with your account: your Read Later list, likes, comments, reviews and poll votes.</li>
        <li>
          Reading statistics: we count page views per story. We do not build a profile of you from them and we do not
          sell data to advertisers.
        </li>
      </ul>
      <h2>How we use it</h2>
      <p>
        To run your account, show your comments and reviews with your name, send password-reset e-mails you ask for,
        keep the site secure (for example by limiting repeated login attempts), and understand which stories readers
        find useful.
      </p>
      <h2>Cookies</h2>
      <p>
        We use one essential cookie to keep you logged in. It is removed when you log out and expires after 30 days of
        inactivity. We do not use advertising cookies.
      </p>
      <h2>Children</h2>
      <p>
        {siteName} is not meant for children under 13. We do not knowingly collect personal information from children
        under 13; if you believe a child has registered, contact us and we will delete the account.
      </p>
      <h2>Your rights</h2>
      <p>
        You can see and correct your details on your profile page at any time, and ask us to export or delete your
        account.
      </p>
      <h2>Contact</h2>
      <p>
        Questions about this policy: write to <LegalContact />.
      </p>
    </LegalPage>
  );
}
