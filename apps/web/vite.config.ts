import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/* The libraries every page runs: one long-cached chunk instead of a dozen small ones. */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/;
/*
 * What every reader page shares besides the framework: the domain's schemas and zod, the toasts,
 * the app's lib/ (not admin-*) and its top-level components. One request instead of about 25:
 * over HTTP/1.1 a browser fetches six at a time, and each small chunk waits its turn.
 */
const READER_SHARED =
  /packages[\\/]domain[\\/]|node_modules[\\/](zod|react-toastify|clsx)[\\/]|app[\\/]lib[\\/](?!admin)[^\\/]+$|app[\\/]lib[\\/](forms|offline)[\\/]|app[\\/]components[\\/][^\\/]+\.tsx$/;
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // Bundled into the server build, so a server process holds the icons it renders, not all of them.
  ssr: { noExternal: ["lucide-react"] },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "framework", test: FRAMEWORK, priority: 3 },
            // Icons are a few hundred bytes each: one chunk rather than a request per icon.
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 2 },
            { name: "reader", test: READER_SHARED, priority: 1 },
          ],
        },
      },
    },
  },
});
