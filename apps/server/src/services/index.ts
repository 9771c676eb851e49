import type { Config } from "../config";
import type { DatabaseHandle } from "../db/client";
import type { Logger } from "../logger";
import { createHealthService } from "./health.service";

export interface ServiceDeps {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
}

/** Every service, wired once per app; routes receive this and never the database. */
export function createServices(deps: ServiceDeps) {
  return {
    health: createHealthService(deps.database),
  };
}

export type Services = ReturnType<typeof createServices>;
