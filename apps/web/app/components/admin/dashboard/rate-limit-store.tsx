import type { RuntimeStats } from "@broadsheet/domain";

type RateLimits = RuntimeStats["rateLimits"];

/** One line an admin can read: where rate limits are counted, and whether the shared store is failing. */
export function rateLimitStoreText({ store, fallingBack }: RateLimits): string {
  if (store === "memory") return "Rate limits: counted in this process";
  const name = store === "redis" ? "Redis" : "PostgreSQL";
  return fallingBack ? `Rate limits: counted in this process (${name} unreachable)` : `Rate limits: ${name}`;
}

/** The rate-limit store as the answering process sees it; a fallback stands out as a warning. */
export function RateLimitStore({ rateLimits }: { rateLimits: RateLimits }) {
  const warn = rateLimits.store !== "memory" && rateLimits.fallingBack;
  return (
    <p
      role={warn ? "alert" : undefined}
      className={`mt-6 rounded-lg border px-4 py-3 text-sm ${warn ? "border-amber-300 bg-amber-50 text-amber-900" : "border-gray-200 bg-white text-gray-700"}`}
    >
      {rateLimitStoreText(rateLimits)}
      {warn ? ` · ${rateLimits.fallbacks} counted here, not shared with other instances` : null}
    </p>
  );
}
