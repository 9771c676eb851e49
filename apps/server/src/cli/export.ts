import { mkdir } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { runCommand, withServices } from "./command";

/*
 * `npm run export -- --out <dir> [--format broadsheet|wxr] [--include-secrets]`
 * Writes the whole site as a Broadsheet archive into a new or empty directory, or as a
 * WordPress (WXR) file: `--out` names the file when it ends in .xml, else its directory.
 */
const USAGE = "Usage: npm run export -- --out <dir> [--format broadsheet|wxr] [--include-secrets]";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: "string" },
      format: { type: "string", default: "broadsheet" },
      "include-secrets": { type: "boolean", default: false },
    },
  });
  if (!values.out) throw new Error(USAGE);
  if (values.format !== "broadsheet" && values.format !== "wxr")
    throw new Error(`--format must be broadsheet or wxr. ${USAGE}`);
  const out = path.resolve(values.out);

  await withServices(async (services) => {
    if (values.format === "wxr") {
      const file = out.endsWith(".xml")
        ? out
        : path.join(out, `broadsheet-wordpress-${new Date().toISOString().slice(0, 10)}.xml`);
      await mkdir(path.dirname(file), { recursive: true });
      await services.siteExport.exportWxrFile(file);
      console.log(`Wrote a WordPress (WXR 1.2) export to ${file}.`);
      return;
    }
    const manifest = await services.siteExport.exportToDirectory(out, { includeSecrets: values["include-secrets"] });
    const rows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Exported ${rows} rows of ${Object.keys(manifest.tables).length} tables and ${manifest.media.files} media files to ${out}${manifest.includesSecrets ? " (with password hashes and two-factor secrets: keep it safe)" : ""}.`,
    );
  });
}

runCommand(main);
