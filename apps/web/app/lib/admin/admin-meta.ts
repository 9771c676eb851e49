import { MESSAGES } from "@broadsheet/domain";
import { siteNameIn } from "../site";

interface MatchLike {
  id: string;
  // React Router calls it `loaderData` (older: `data`); either may carry the layout's user.
  loaderData?: unknown;
  data?: unknown;
}

/** <title> of an admin screen, or of the permission screen the admin layout shows instead. */
export function adminMeta(matches: ReadonlyArray<MatchLike | undefined>, title: string, allowed = true) {
  const layout = matches.find((match) => match?.id === "routes/admin/layout");
  const layoutData = (layout?.loaderData ?? layout?.data) as { user?: unknown } | undefined;
  const shown = allowed && Boolean(layoutData?.user);
  const siteName = siteNameIn(matches);
  return [
    { title: shown ? `${title} | Admin | ${siteName}` : `${MESSAGES.permissionDenied} | ${siteName}` },
    { name: "robots", content: "noindex" },
  ];
}
