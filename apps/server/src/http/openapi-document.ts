import type { OpenAPIObject } from "openapi3-ts/oas31";
import type { ApiRouter } from "./api-routes";
import { SESSION_COOKIE } from "./middleware/session";

/*
 * The OpenAPI 3.1 document of /api (docs/product.md#7-api), generated from the routes' declarations
 * (packages/domain *.endpoints.ts) by @hono/zod-openapi; only the prose around them is here.
 */

const TAGS = [
  { name: "Health", description: "Is the server up" },
  { name: "Admin", description: "Figures for the admin area" },
  { name: "Users", description: "Accounts, sessions, profile, roles, Read Later" },
  { name: "Posts", description: "News posts" },
  { name: "Authors", description: "Author pages of the staff who publish" },
  { name: "Feeds", description: "Home page and post page lists" },
  { name: "Engagement", description: "Comments, likes, reviews, shares" },
  { name: "Media", description: "Image uploads" },
  { name: "Categories and types", description: "Post categories and the types within them" },
  { name: "Tags", description: "Free-form tags on posts" },
  { name: "Pages", description: "Static pages (About, Terms, Privacy…) served at /{slug}" },
  { name: "Polls", description: "Polls (called votes in the paths)" },
  { name: "Adverts", description: "Adverts by placement" },
  { name: "Export", description: "The whole site out: a Broadsheet archive or a WordPress (WXR) file" },
  { name: "Docs", description: "This description" },
];

export function generateOpenApiDocument(api: ApiRouter): OpenAPIObject {
  const document = api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Broadsheet API",
      version: "1.0.0",
      description:
        'JSON in and out; uploads are multipart. Every error answers `{ "message": "…" }`. Logged-in calls carry the session cookie; state-changing calls from another origin are refused.',
    },
    servers: [{ url: "/" }],
    tags: TAGS,
  });
  document.components = {
    ...document.components,
    securitySchemes: {
      cookieAuth: {
        type: "apiKey",
        in: "cookie",
        name: SESSION_COOKIE,
        description: "The session cookie set by /api/users/login and /api/users/register",
      },
    },
  };
  return document;
}
