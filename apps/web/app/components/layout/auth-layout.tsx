import type { ReactNode } from "react";
import { useSiteName } from "../../lib/site";

/**
 * The authentication screen (docs/product.md#login-and-register): a card with the form on one side and the
 * login image on the other, a drawn newspaper (inline SVG, no external asset).
 */
export function AuthLayout({
  title,
  intro,
  children,
  footer,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto grid max-w-5xl overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm md:my-6 md:grid-cols-2">
      <AuthIllustration />
      <div className="px-6 py-8 sm:px-10 sm:py-12">
        <h1 className="font-serif text-3xl font-bold tracking-tight text-ink">{title}</h1>
        <p className="mt-2 text-gray-600">{intro}</p>
        <div className="mt-8">{children}</div>
        {footer ? <div className="mt-8 border-t border-gray-200 pt-6 text-sm text-gray-700">{footer}</div> : null}
      </div>
    </div>
  );
}

function AuthIllustration() {
  const siteName = useSiteName();
  return (
    <div className="relative hidden flex-col justify-between overflow-hidden bg-linear-to-br from-brand-600 to-brand-700 p-10 text-white md:flex">
      <div aria-hidden="true" className="absolute -right-16 -top-16 h-56 w-56 rounded-full bg-white/10" />
      <div aria-hidden="true" className="absolute -bottom-20 -left-10 h-64 w-64 rounded-full bg-black/10" />
      <p className="relative font-serif text-2xl font-black tracking-tight">{siteName}</p>
      <svg
        viewBox="0 0 320 240"
        role="img"
        aria-label="A folded newspaper with a coffee cup"
        className="relative mx-auto my-8 w-full max-w-xs drop-shadow-xl"
      >
        <g transform="rotate(-6 160 120)">
          <rect x="40" y="30" width="220" height="170" rx="6" fill="#fff" />
          <rect x="40" y="30" width="220" height="170" rx="6" fill="none" stroke="#f3d2d8" strokeWidth="2" />
          <rect x="58" y="46" width="184" height="18" rx="2" fill="#111827" />
          <rect x="58" y="72" width="184" height="3" fill="#c8102e" />
          <rect x="58" y="86" width="88" height="62" rx="3" fill="#fde2e6" />
          <path d="M64 140 L88 112 L104 128 L118 110 L140 140 Z" fill="#c8102e" opacity="0.7" />
          <circle cx="124" cy="100" r="7" fill="#f59e0b" />
          {[86, 96, 106, 116, 126, 136, 146].map((y) => (
            <rect key={y} x="156" y={y} width="86" height="4" rx="2" fill="#d1d5db" />
          ))}
          {[160, 170, 180].map((y) => (
            <g key={y}>
              <rect x="58" y={y} width="56" height="4" rx="2" fill="#d1d5db" />
              <rect x="122" y={y} width="56" height="4" rx="2" fill="#d1d5db" />
              <rect x="186" y={y} width="56" height="4" rx="2" fill="#d1d5db" />
            </g>
          ))}
        </g>
        <g transform="translate(256 162) scale(0.85)">
          <path d="M0 10 h46 v34 a16 16 0 0 1 -16 16 h-14 a16 16 0 0 1 -16 -16 Z" fill="#111827" />
          <path d="M46 18 h6 a9 9 0 0 1 0 18 h-6" fill="none" stroke="#111827" strokeWidth="5" />
          <ellipse cx="23" cy="10" rx="23" ry="5" fill="#6b3f1d" />
          <path d="M14 -4 q6 -8 0 -16 M28 -4 q6 -8 0 -16" fill="none" stroke="#fff" strokeWidth="3" opacity="0.6" />
        </g>
      </svg>
      <div className="relative">
        <p className="font-serif text-2xl font-bold leading-snug">Your front page, every morning.</p>
        <ul className="mt-4 space-y-2 text-sm text-brand-50">
          <li>Save stories to Read Later and pick them up on any device.</li>
          <li>Like, comment on and review the pieces that matter to you.</li>
          <li>Keep your profile and photo in one place.</li>
        </ul>
      </div>
    </div>
  );
}
