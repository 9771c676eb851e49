import type { Settings } from "../accounts/settings.schemas";

/*
 * The contract between the server and the React Router app: what every loader and
 * action receives as its load context. The web app reaches data only through `api`.
 */
export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

/** The site's settings as pages use them, with its public address. */
export type SiteSettings = Settings & { publicUrl: string };

// Type aliases (not interfaces) so they fit React Router's index-signature AppLoadContext.
export type PageLoadContext = {
  /** Calls the REST API in-process with the reader's cookie. */
  api: ApiFetch;
  site: SiteSettings;
  /**
   * Rendering the page every logged-in reader shares (decision 016): the API is called as
   * nobody, and the page shows a logged-in reader without saying who; their own state
   * comes from GET /api/users/viewer-state once in the browser.
   */
  readerShell?: boolean;
  /**
   * Set on a document request (not on a `.data` one): the data of parts whose server HTML
   * hydration keeps as it is, for the server's render alone. The loader data sent to the
   * browser carries only their versions (decision 040).
   */
  serverParts?: Map<string, unknown>;
};

/** The brand red of the masthead: the phone browser's toolbar, and the web app manifest's theme. */
export const THEME_COLOR = "#c8102e";

/**
 * Set by the page's own scripts: this browser runs them, so a logged-in reader here can be
 * served the shared reader page and fill in their own state (decision 016).
 */
export const READER_SHELL_COOKIE = "broadsheet_js";

/**
 * Where the shared reader page sends a browser that does not run its scripts (a <noscript>
 * refresh, `?to=` the page): the server drops READER_SHELL_COOKIE and sends it back, to be
 * served the page rendered for that reader alone.
 */
export const SCRIPTS_OFF_PATH = "/scripts-off";
