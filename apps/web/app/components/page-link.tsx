import type { AnchorHTMLAttributes } from "react";
import { PAGE_LINK } from "../lib/document/page-links";

/** A link to one of the site's pages: a plain anchor, followed by client navigation once scripts run (lib/document/page-links.ts). */
export function PageLink({ to, ...anchor }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string }) {
  return <a href={to} {...PAGE_LINK} {...anchor} />;
}
