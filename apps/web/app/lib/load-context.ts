import type { PageLoadContext } from "@broadsheet/domain";

// Every loader and action receives the server's PageLoadContext (see packages/domain).
declare module "react-router" {
  interface AppLoadContext extends PageLoadContext {}
}
