import { render } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub, Outlet } from "react-router";
import { Toaster } from "../components/toaster";

type Handler = (args: { request: Request }) => unknown;

/**
 * Renders one route module's component at `path` under React Router's test stub, below a root
 * route that gives the site's settings and the toasts as root.tsx does. The loader and action
 * are stand-ins for the module's own, which call the API.
 */
export function renderRoute(
  path: string,
  Component: ComponentType<never>,
  handlers: {
    loader?: Handler;
    action?: Handler;
    rootData?: Record<string, unknown>;
    /** Other routes beside it, e.g. the resource route a form of the page posts to. */
    routes?: { path: string; action: Handler }[];
  } = {},
) {
  const Stub = createRoutesStub([
    {
      id: "root",
      Component: () => (
        <Toaster>
          <Outlet />
        </Toaster>
      ),
      loader: () => ({ site: { siteName: "The Harbour Gazette" }, ...handlers.rootData }),
      children: [
        { path, Component: Component as ComponentType, loader: handlers.loader, action: handlers.action },
        ...(handlers.routes ?? []),
      ],
    },
  ]);
  return render(<Stub initialEntries={[path]} />);
}
