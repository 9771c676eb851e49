import type { HttpBindings } from "@hono/node-server";
import type { Logger } from "../logger";

/** What every request carries through the Hono context. */
export interface AppEnv {
  Bindings: Partial<HttpBindings>;
  Variables: {
    requestId: string;
    log: Logger;
    secureHeadersNonce?: string;
  };
}
