import { FIXED_TOP_BAR_SCROLL_PX, formatTopBarDate, isStaff, type SiteSettings } from "@broadsheet/domain";
import { Search } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, NavLink, useNavigate } from "react-router";
import type { SessionUser } from "../../lib/session-user";
import { SiteLinkAnchor } from "./site-link";

/** True once the page has scrolled past the threshold of docs/product.md#top-bar, for the fixed top bar style. */
function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return past;
}

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? "text-brand-600" : "hover:text-brand-600");

export function TopBar({ now, user, site }: { now: string; user: SessionUser | null; site: SiteSettings }) {
  const fixed = useScrolledPast(FIXED_TOP_BAR_SCROLL_PX);
  const navigate = useNavigate();

  return (
    <header
      data-fixed={fixed ? "true" : "false"}
      className={`sticky top-0 z-40 border-b border-gray-200 bg-white transition-shadow ${fixed ? "shadow-md" : ""}`}
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link to="/" className="font-serif text-2xl font-black tracking-tight text-ink">
          {site.logo ? <img src={site.logo} alt={site.siteName} height={32} className="h-8 w-auto" /> : site.siteName}
        </Link>
        <nav aria-label="Main" className="flex items-center gap-4 text-sm font-semibold">
          <NavLink to="/" end className={navClass}>
            Home
          </NavLink>
          {site.navigation.map((link) => (
            <SiteLinkAnchor key={`${link.label} ${link.url}`} link={link} className={navClass} />
          ))}
          {user ? (
            <>
              <NavLink to="/profile" className={navClass}>
                Profile
              </NavLink>
              {isStaff(user.role) ? (
                <NavLink to="/admin/home" className={navClass}>
                  Admin
                </NavLink>
              ) : null}
              <Form method="post" action="/logout">
                <button type="submit" className="font-semibold hover:text-brand-600">
                  Logout
                </button>
              </Form>
            </>
          ) : (
            <>
              <NavLink to="/login" className={navClass}>
                Login
              </NavLink>
              <NavLink to="/register" className={navClass}>
                Register
              </NavLink>
            </>
          )}
        </nav>
        <time dateTime={now.slice(0, 10)} className="text-sm text-gray-600">
          {formatTopBarDate(now)}
        </time>
        <search className="ml-auto">
          <form action="/search" method="get" className="relative flex items-center">
            <input
              type="search"
              name="search"
              placeholder="Search"
              aria-label="Search"
              onClick={() => navigate("/search")}
              className="w-48 rounded border border-gray-300 py-1.5 pl-3 pr-9 text-sm focus:border-brand-600"
            />
            <button
              type="submit"
              className="absolute inset-y-px right-px flex w-9 items-center justify-center rounded-r text-gray-500 hover:bg-gray-100 hover:text-brand-600"
            >
              <Search aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">Search</span>
            </button>
          </form>
        </search>
      </div>
    </header>
  );
}
