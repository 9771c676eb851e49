import { LoaderCircle, type LucideIcon } from "lucide-react";
import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";

/*
 * The buttons of the screens, one look per job: `primary` (the main action, brand red), `secondary`
 * (a bordered white button beside it), `outline` (a bordered link or filter whose hover is the brand
 * colour), `dark` (search and tool actions), `danger` (Delete), `quiet` and `quietDanger` (an icon
 * without a border: move, remove) and `link` (text that looks like a link).
 */
const VARIANTS = {
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700",
  secondary: "border border-gray-300 bg-white text-ink shadow-xs hover:bg-gray-50",
  outline: "border border-gray-300 bg-white text-ink hover:border-brand-600 hover:text-brand-700",
  dark: "bg-ink text-white shadow-sm hover:bg-gray-800",
  danger: "border border-red-200 bg-white text-red-700 hover:border-red-700 hover:bg-red-700 hover:text-white",
  quiet: "text-gray-700 hover:bg-gray-100",
  quietDanger: "text-red-700 hover:bg-red-50",
  link: "text-brand-600 hover:underline",
} as const;

/** `lg` for a form's submit, `md` for a screen's toolbar, `sm` for actions inside a panel or a row. */
const SIZES = {
  lg: "gap-2 px-5 py-2.5",
  md: "gap-2 px-4 py-2 text-sm",
  sm: "gap-1.5 px-3 py-1.5 text-sm",
  icon: "h-9 w-9",
  inline: "gap-1.5",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** The classes of a button of this look (for a control that is not a <button> or <Link>). */
export function buttonClass({ variant = "primary", size = "lg", className }: Look = {}): string {
  const rounded = variant === "link" ? "" : "rounded-md";
  return [
    "inline-flex items-center justify-center font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-wait",
    rounded,
    VARIANTS[variant],
    variant === "link" ? "" : SIZES[size],
    className ?? "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** The icon before the label, or the spinner in its place while busy. */
function Leading({ icon: Icon, busy }: { icon?: LucideIcon; busy: boolean }) {
  if (busy) return <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />;
  return Icon ? <Icon aria-hidden="true" className="h-4 w-4" /> : null;
}

export type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "className"> &
  Look & {
    /** While true: the spinner shows, the button is disabled and announced busy (aria-busy). */
    busy?: boolean;
    icon?: LucideIcon;
    children?: ReactNode;
  };

/** A <button>, type="button" unless said otherwise. */
export function Button({
  variant,
  size,
  className,
  busy = false,
  icon,
  disabled,
  type = "button",
  children,
  ...button
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={buttonClass({ variant, size, className })}
      {...button}
    >
      <Leading icon={icon} busy={busy} />
      {children}
    </button>
  );
}

/** A link that looks like a button (navigation, so no busy state). */
export function ButtonLink({
  variant,
  size,
  className,
  icon,
  children,
  ...link
}: Omit<LinkProps, "className"> & Look & { icon?: LucideIcon }) {
  return (
    <Link className={buttonClass({ variant, size, className })} {...link}>
      <Leading icon={icon} busy={false} />
      {children}
    </Link>
  );
}
