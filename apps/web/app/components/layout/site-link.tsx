import type { SiteLink } from "@broadsheet/domain";
import { NavLink } from "react-router";

/** A link an admin set (top bar navigation): a page of this site by client navigation, another site in full. */
export function SiteLinkAnchor({
  link,
  className,
}: {
  link: SiteLink;
  className: (state: { isActive: boolean }) => string;
}) {
  if (link.url.startsWith("/")) {
    return (
      <NavLink to={link.url} className={className}>
        {link.label}
      </NavLink>
    );
  }
  return (
    <a href={link.url} className={className({ isActive: false })} rel="noopener noreferrer">
      {link.label}
    </a>
  );
}
