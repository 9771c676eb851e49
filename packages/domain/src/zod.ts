import { z } from "zod";

/*
 * Every schema here imports zod through this module, so this runs before any schema is built.
 * In the browser zod parses without compiling code: its `new Function` probe would be
 * refused (and reported) by the site's Content-Security-Policy. The server keeps the faster
 * compiled parsers.
 */
if ("document" in globalThis) z.config({ jitless: true });

export { z };
