import type { ReactNode } from "react";
import { useSite } from "../../lib/site";
import { ProseStylesheet } from "../prose-stylesheet";
import { PhoneLink } from "./phone-link";

/** The frame of a static legal page: heading, last-updated line and readable text. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <article className="prose prose-lg mx-auto max-w-3xl py-8 prose-headings:font-serif prose-a:text-brand-700">
      <ProseStylesheet />
      <h1>{title}</h1>
      <p className="text-sm text-gray-600">Last updated {updated}</p>
      {children}
    </article>
  );
}

/** The site's e-mail address and phone number as the legal pages end: "… or call …". */
export function LegalContact() {
  const site = useSite();
  const email = site?.contactEmail ?? "";
  return (
    <>
      <a href={`mailto:${email}`}>{email}</a> or call <PhoneLink phone={site?.contactPhone ?? ""} />
    </>
  );
}
