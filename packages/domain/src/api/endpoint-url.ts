import type { EndpointDeclaration } from "./endpoint";

/*
 * Kept apart from endpoint.ts, which builds zod schemas: the browser needs only this, and a
 * reader page that imports no schema loads and runs no zod (decision 025).
 */

/** `/api/posts/{id}` with `{ id: "a b" }` → `/api/posts/a%20b`, plus the query string. */
export function endpointUrl(
  declaration: Pick<EndpointDeclaration, "path">,
  params?: Record<string, string>,
  query?: Record<string, string | number | boolean | undefined>,
): string {
  const path = declaration.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${declaration.path}: missing parameter ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(name, String(value));
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}
