import { setNodeEnvDefault } from "./config";

// React and React Router pick their production builds from NODE_ENV when first imported,
// so it is settled before anything else loads.
const development = process.argv.includes("--dev");
setNodeEnvDefault(development ? "development" : "production");

const { startServer } = await import("./start");
startServer(development).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
