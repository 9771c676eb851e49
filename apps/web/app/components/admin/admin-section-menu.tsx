import type { LucideIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { NavLink } from "react-router";

export interface AdminSection {
  to: string;
  label: string;
  icon: LucideIcon;
}

/**
 * The admin's section menu: a column beside the screen from md up; on a phone one row that
 * scrolls sideways. There a count with an arrow and a fade at the right edge say that more
 * sections follow, and the section opened is scrolled into view (Settings is the 17th).
 */
export function AdminSectionMenu({ sections }: { sections: AdminSection[] }) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const current = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const row = list.current;
    if (!current || !row || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = current.offsetLeft - row.clientWidth / 2 + current.offsetWidth / 2;
  }, []);

  return (
    <nav aria-label="Admin" className="min-w-0 md:sticky md:top-20 md:self-start">
      <p className="mb-3 flex items-baseline justify-between text-xs font-semibold uppercase tracking-wider text-gray-500">
        Admin area
        <span className="font-normal normal-case tracking-normal md:hidden">
          {sections.length} sections, scroll sideways →
        </span>
      </p>
      <div className="relative">
        <ul ref={list} className="flex gap-1 overflow-x-auto pb-1 md:flex-col md:pb-0">
          {sections.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  `flex items-center gap-2 whitespace-nowrap rounded px-3 py-2 text-sm font-medium ${
                    isActive ? "bg-brand-600 text-white" : "text-ink hover:bg-gray-100"
                  }`
                }
              >
                <Icon aria-hidden="true" className="h-4 w-4" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-0 w-10 bg-linear-to-l from-white to-transparent md:hidden"
        />
      </div>
    </nav>
  );
}
