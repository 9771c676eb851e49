import type { Context } from "hono";
import type { Viewer } from "../../../posts";
import type { AppEnv } from "../../app-env";
import { viewerIsStaff } from "../../middleware/session";

/** Who asks, as the posts and feeds services see it: their id, and whether drafts show. */
export async function viewerOf(c: Context<AppEnv>): Promise<Viewer> {
  return { id: c.get("user")?.id, isStaff: await viewerIsStaff(c) };
}
