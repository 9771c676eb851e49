import type { SharePlatform } from "@broadsheet/domain";
import { Check, ChevronDown, Link2, Share2 } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { fetchEndpoint } from "../lib/api-client";

/** docs/product.md#9-limits-and-constants: the copy confirmation shows for 2000 ms. */
export const COPY_CONFIRMATION_MS = 2000;

interface ShareTarget {
  platform: Exclude<SharePlatform, "copy">;
  label: string;
  href: (url: string, title: string) => string;
}

const TARGETS: ShareTarget[] = [
  {
    platform: "facebook",
    label: "Facebook",
    href: (url) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  },
  {
    platform: "x",
    label: "X",
    href: (url, title) => `https://x.com/intent/post?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`,
  },
  {
    platform: "whatsapp",
    label: "WhatsApp",
    href: (url, title) => `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
  },
  {
    platform: "linkedin",
    label: "LinkedIn",
    href: (url) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
  },
];

/**
 * Logs a share (POST /api/shares); failures are only written to the console (docs/product.md#post-page).
 * The declaration is fetched on the first share: it builds zod schemas, which a reader page
 * otherwise never loads (decision 025).
 */
function logShare(postId: string, platform: SharePlatform): void {
  import("@broadsheet/domain/shares.endpoints")
    .then(({ sharesApi }) => fetchEndpoint(sharesApi.record, { body: { postId, platform } }))
    .then((result) => {
      if (!result.ok) console.error(`Share could not be recorded (${result.status})`);
    })
    .catch((error: unknown) => console.error("Share could not be recorded", error));
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (permissions, insecure context): fall back to a hidden textarea.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
    area.remove();
    return copied;
  }
}

/**
 * The Share dropdown of the post page: Facebook, X, WhatsApp, LinkedIn (real share URLs,
 * new tab) and Copy Link. Closes on an outside click and on Escape; arrow keys move focus.
 */
export function ShareMenu({ url, title, slug }: { url: string; title: string; slug: string }) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? []);

  const openMenu = (focus: "first" | "last" | null) => {
    setOpen(true);
    if (focus) {
      requestAnimationFrame(() => {
        const all = items();
        (focus === "first" ? all[0] : all[all.length - 1])?.focus();
      });
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    let next: number | null = null;
    if (event.key === "ArrowDown") next = (index + 1) % all.length;
    else if (event.key === "ArrowUp") next = (index - 1 + all.length) % all.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = all.length - 1;
    else if (event.key === "Tab") setOpen(false);
    if (next !== null) {
      event.preventDefault();
      all[next]?.focus();
    }
  };

  const copyLink = async () => {
    logShare(slug, "copy");
    if (await copyText(url)) setCopied(true);
  };

  const itemClass =
    "flex w-full items-center gap-3 px-4 py-2 text-left text-sm text-ink hover:bg-gray-50 focus:bg-gray-100 focus:outline-none";

  return (
    <div ref={root} className="relative inline-block">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? setOpen(false) : openMenu(null))}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            openMenu("first");
          } else if (event.key === "ArrowUp") {
            event.preventDefault();
            openMenu("last");
          }
        }}
        className="inline-flex items-center gap-2 rounded-full border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-ink shadow-sm hover:border-gray-400 hover:bg-gray-50"
      >
        <Share2 aria-hidden="true" className="h-4 w-4" />
        Share
        <ChevronDown aria-hidden="true" className={`h-4 w-4 transition ${open ? "rotate-180" : ""}`} />
      </button>
      <div
        ref={menu}
        id={menuId}
        role="menu"
        aria-label="Share this post"
        hidden={!open}
        onKeyDown={onMenuKeyDown}
        className="absolute left-0 z-30 mt-2 w-52 sm:left-auto sm:right-0 overflow-hidden rounded-lg border border-gray-200 bg-white py-1 shadow-lg"
      >
        {TARGETS.map((target) => (
          <a
            key={target.platform}
            role="menuitem"
            href={target.href(url, title)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => {
              logShare(slug, target.platform);
              setOpen(false);
            }}
            className={itemClass}
          >
            <PlatformMark platform={target.platform} />
            {target.label}
          </a>
        ))}
        <button type="button" role="menuitem" onClick={copyLink} className={`${itemClass} border-t border-gray-100`}>
          {copied ? (
            <Check aria-hidden="true" className="h-4 w-4 text-green-700" />
          ) : (
            <Link2 aria-hidden="true" className="h-4 w-4 text-gray-600" />
          )}
          <span aria-live="polite">{copied ? "Link copied!" : "Copy Link"}</span>
        </button>
      </div>
    </div>
  );
}

/** A small coloured badge per platform (lucide has no brand logos). */
function PlatformMark({ platform }: { platform: ShareTarget["platform"] }) {
  const styles: Record<ShareTarget["platform"], [string, string]> = {
    facebook: ["bg-[#1877f2]", "f"],
    x: ["bg-black", "𝕏"],
    whatsapp: ["bg-[#128c3e]", "W"],
    linkedin: ["bg-[#0a66c2]", "in"],
  };
  const [colour, letter] = styles[platform];
  return (
    <span
      aria-hidden="true"
      className={`inline-flex h-5 w-5 items-center justify-center rounded text-[0.65rem] font-bold text-white ${colour}`}
    >
      {letter}
    </span>
  );
}
