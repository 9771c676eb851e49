import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  // The whole route manifest (about 4 KB compressed) comes with the page: lazy discovery
  // scanned every link on a page after hydration and asked the server about them all.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
