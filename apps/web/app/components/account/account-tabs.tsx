import { NavLink } from "react-router";

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `-mb-px border-b-2 px-1 pb-3 text-sm font-semibold transition-colors ${
    isActive
      ? "border-brand-600 text-brand-600"
      : "border-transparent text-gray-700 hover:border-gray-300 hover:text-ink"
  }`;

/** The Profile / Read Later tab links of the reader's account pages (NavLink marks the current one). */
export function AccountTabs() {
  return (
    <nav aria-label="Account" className="flex gap-6 border-b border-gray-200">
      <NavLink to="/profile" className={tabClass}>
        Profile
      </NavLink>
      <NavLink to="/readLater" className={tabClass}>
        Read Later
      </NavLink>
    </nav>
  );
}
