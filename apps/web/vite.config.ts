import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/* The libraries every page runs: one long-cached chunk instead of a dozen small ones. */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/;
export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "framework", test: FRAMEWORK, priority: 3 },
            // Icons are a few hundred bytes each: one chunk rather than a request per icon.
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
});
