import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

/*
 * Four projects: pure unit tests; the web's components and route modules rendered in jsdom
 * (Testing Library, React Router's createRoutesStub); then the server's database and API tests on PGlite and,
 * when TEST_DATABASE_URL is set, the same files again on PostgreSQL.
 */
const serverTests = ["apps/server/src/**/*.test.ts"];
const postgresUrl = process.env.TEST_DATABASE_URL;

const databaseProject = (kind: "pglite" | "postgres"): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name: kind,
    include: serverTests,
    // *.postgres.test.ts need a PostgreSQL server (several instances on one database).
    exclude: ["**/*.unit.test.ts", "**/node_modules/**", ...(kind === "pglite" ? ["**/*.postgres.test.ts"] : [])],
    env: { TEST_DB_KIND: kind },
    globalSetup: ["apps/server/src/testing/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

if (!postgresUrl) {
  console.warn(
    "\n*** TEST_DATABASE_URL is not set: the PostgreSQL run of the server tests is SKIPPED. " +
      "Set it (e.g. postgres://postgres@127.0.0.1:5432/postgres) to run them; .ci/run does. ***\n",
  );
}

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "apps/web/app/**/*.test.ts", "apps/server/src/**/*.unit.test.ts"],
          testTimeout: 30_000,
          // A few open an in-memory PGlite first, which on a busy machine takes more than the default 10 s.
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          include: ["apps/web/app/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["apps/web/app/testing/setup.ts"],
          testTimeout: 30_000,
        },
      },
      databaseProject("pglite"),
      ...(postgresUrl ? [databaseProject("postgres")] : []),
    ],
  },
});
