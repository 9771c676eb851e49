import { exportsApi, MESSAGES } from "@broadsheet/domain";
import { Download, FileCode } from "lucide-react";
import { AdminPageHeader, AdminPanel } from "../../components/admin/admin-page-header";
import { PermissionDenied } from "../../components/permission-denied";
import { buttonClass } from "../../components/ui";
import { adminMeta } from "../../lib/admin/admin-meta";
import { useAdminUser } from "../../lib/admin/admin-outlet";
import type { Route } from "./+types/export";

/*
 * Admin → Export (issue 41): the whole site as a download. Plain links, not client navigation:
 * the browser saves what the server streams (the API refuses anyone but an admin).
 */

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Export");

export default function ExportScreen() {
  const user = useAdminUser();
  if (user.role !== "admin") return <PermissionDenied message={MESSAGES.adminExportOnly} />;
  return (
    <>
      <AdminPageHeader
        title="Export"
        description="Take everything with you: the whole site as one file, whenever you like."
      />
      <div className="grid gap-6">
        <AdminPanel
          id="export-broadsheet"
          title="Broadsheet archive"
          description="Posts, pages, tags, categories, types, accounts, comments, reviews, likes, polls, adverts, media, settings and redirects, as JSON lines per table with the media files (.tar.gz). Passwords are not included: restored accounts set a new one. Restore it into an empty site with Admin → Import or npm run import -- --from broadsheet."
        >
          <a href={exportsApi.broadsheet.path} download className={buttonClass()}>
            <Download aria-hidden="true" className="h-4 w-4" />
            Download export
          </a>
        </AdminPanel>
        <AdminPanel
          id="export-wxr"
          title="WordPress (WXR)"
          description="Posts, pages, categories (types as child categories), tags, authors, comments and the images posts use, as a WordPress export file: import it in WordPress with Tools → Import → WordPress."
        >
          <a href={exportsApi.wxr.path} download className={buttonClass({ variant: "secondary" })}>
            <FileCode aria-hidden="true" className="h-4 w-4" />
            Download for WordPress (WXR)
          </a>
        </AdminPanel>
      </div>
    </>
  );
}
