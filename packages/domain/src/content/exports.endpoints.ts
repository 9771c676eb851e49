import { endpoint } from "../api/endpoint";
import { z } from "../zod";

/** Admin → Export (issue 41): the whole site as a download, never with passwords (the CLI can add them). */
export const exportsApi = {
  broadsheet: endpoint({
    method: "get",
    path: "/api/exports/broadsheet",
    tag: "Export",
    summary: "The whole site as a Broadsheet archive",
    description:
      "A .tar.gz of manifest.json, tables/{table}.jsonl (one JSON object per row) and media/{key} (each stored file), streamed; Admin → Import and `npm run import -- --from broadsheet` restore it into an empty site. Password hashes and two-factor secrets are left out.",
    access: "admin",
    response: z.string(),
    responseDescription: "The archive, gzipped tar (Content-Disposition names broadsheet-export-YYYY-MM-DD.tar.gz)",
    responseMediaType: "application/gzip",
  }),
  wxr: endpoint({
    method: "get",
    path: "/api/exports/wxr",
    tag: "Export",
    summary: "The whole site as a WordPress export (WXR 1.2)",
    description:
      "Posts, pages, categories (types as child categories), tags, authors, threaded comments and the images posts use, with absolute links, for WordPress's Tools → Import → WordPress.",
    access: "admin",
    response: z.string(),
    responseDescription: "A WXR 1.2 XML file, streamed",
    responseMediaType: "application/xml",
  }),
};
