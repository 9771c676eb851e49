import type { SiteSettings } from "@broadsheet/domain";
import { ArrowUp } from "lucide-react";
import { useLocation } from "react-router";
import { footerSignupShown, SignupForm } from "../newsletters/signup-form";
import { PageLink } from "../page-link";
import { PhoneLink } from "./phone-link";

export function Footer({ site, now }: { site: SiteSettings; now: string }) {
  const year = new Date(now).getUTCFullYear();
  const { pathname } = useLocation();
  return (
    <footer className="mt-12 bg-ink text-gray-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-3">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="font-serif text-xl font-bold text-white">
            {site.siteName}
          </h2>
          {site.about ? <p className="mt-3 whitespace-pre-line text-sm leading-relaxed">{site.about}</p> : null}
          {site.socialLinks.length > 0 ? (
            <ul aria-label="Follow us" className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {site.socialLinks.map((link) => (
                <li key={`${link.label} ${link.url}`}>
                  <a className="font-semibold text-white hover:underline" href={link.url} rel="me noopener noreferrer">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="font-semibold text-white">
            Contact
          </h2>
          <ul className="mt-3 space-y-1 text-sm">
            <li>
              <a className="hover:text-white" href={`mailto:${site.contactEmail}`}>
                {site.contactEmail}
              </a>
            </li>
            {site.contactPhone ? (
              <li>
                <PhoneLink className="hover:text-white" phone={site.contactPhone} />
              </li>
            ) : null}
          </ul>
        </section>
        <nav aria-label="Footer" className="text-sm">
          <ul className="space-y-1">
            <li>
              <PageLink className="hover:text-white" to="/privacy-policy">
                Privacy Policy
              </PageLink>
            </li>
            <li>
              <PageLink className="hover:text-white" to="/terms">
                Terms
              </PageLink>
            </li>
            {site.shopUrl ? (
              <li>
                <a className="hover:text-white" href={site.shopUrl} target="_blank" rel="noopener noreferrer">
                  Shop
                </a>
              </li>
            ) : null}
            <li>
              <PageLink className="hover:text-white" to="/register">
                Sign Up
              </PageLink>
            </li>
          </ul>
        </nav>
      </div>
      {footerSignupShown(pathname) ? (
        <div className="mx-auto max-w-7xl px-4 pb-8">
          <div className="max-w-md">
            <SignupForm form="footer" tone="dark" heading="Newsletter" />
          </div>
        </div>
      ) : null}
      <div className="border-t border-gray-700">
        <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-4 text-sm">
          <p>{`© ${year} ${site.siteName}. All rights reserved.`}</p>
          <button
            type="button"
            aria-label="Scroll to top"
            onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
            className="rounded-full bg-brand-600 p-2 text-white hover:bg-brand-700"
          >
            <ArrowUp aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
      </div>
    </footer>
  );
}
