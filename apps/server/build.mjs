// Bundles the server and its CLI commands into dist/. Workspace packages (@broadsheet/*)
// are compiled in; everything from node_modules stays an ordinary import.
import { build } from "esbuild";

const keepWorkspacePackagesInside = {
  name: "external-node-modules",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@broadsheet/") ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: {
    main: "src/main.ts",
    "cli/migrate": "src/cli/migrate.ts",
    "cli/user-create": "src/cli/user-create.ts",
    "cli/seed": "src/cli/seed.ts",
    "cli/import": "src/cli/import.ts",
    "cli/export": "src/cli/export.ts",
    "cli/newsletter-bench": "src/cli/newsletter-bench.ts",
    // The thread that runs PGlite (src/db/pglite-thread.ts); the server starts it by this name.
    "pglite-thread": "src/db/pglite-thread.ts",
  },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  plugins: [keepWorkspacePackagesInside],
  logLevel: "warning",
});
