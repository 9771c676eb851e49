import { createContext, type ReactNode, use, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

/*
 * A part of a page with nothing to do in the browser: no state, no handlers, links that are
 * PageLinks (followed by one listener on the window). Hydration keeps the server's HTML of it
 * as it is, where React would otherwise build and match it element by element (decision 036):
 * the element is hydrated with an empty `dangerouslySetInnerHTML`, and React neither descends
 * into it nor removes what the server put there. Rendered in the browser (a client navigation
 * to the page), or once its version changes, it renders its children as usual.
 *
 * A document leaves such a part's data out of the loader data it carries, which the browser
 * would only decode to keep it; the server's render reads it from `ServerPartsContext`
 * (decision 040).
 */

/** A part's data as a loader hands it over: always its version; its data unless the server's render alone needs it. */
export interface KeptPart<T> {
  /** A digest of the data: the server's HTML is kept only while it is the same. */
  version: string;
  data?: T;
}

/** On the server, a document's kept parts by id (the load context's `serverParts`). */
export const ServerPartsContext = createContext<Map<string, unknown> | undefined>(undefined);

/** Marks the element the server rendered, which hydration may keep. */
const SERVER_RENDERED = "data-server-html";

/** Server elements already kept by a mounted ServerHtml: a second one must render its own. */
const kept = new WeakSet<Element>();

/** The element the server rendered for `id`, if this document has it and no one kept it yet. */
function serverElement(id: string): Element | null {
  if (typeof document === "undefined") return null;
  const element = document.getElementById(id);
  if (!element?.hasAttribute(SERVER_RENDERED) || kept.has(element)) return null;
  kept.add(element);
  return element;
}

export function ServerHtml<T>({
  id,
  part,
  className,
  children,
}: {
  /** The wrapper's id, unique in the page: how the browser finds the server's HTML, and the server the part's data. */
  id: string;
  part: KeptPart<T>;
  className?: string;
  children: (data: T) => ReactNode;
}) {
  if (typeof document === "undefined")
    return <ServerRenderedPart id={id} part={part} className={className} render={children} />;
  return <BrowserPart id={id} part={part} className={className} render={children} />;
}

interface PartProps<T> {
  id: string;
  part: KeptPart<T>;
  className?: string;
  render: (data: T) => ReactNode;
}

function ServerRenderedPart<T>({ id, part, className, render }: PartProps<T>) {
  const serverParts = use(ServerPartsContext);
  const data = part.data !== undefined ? part.data : (serverParts?.get(id) as T | undefined);
  if (data === undefined)
    throw new Error(`The page part "${id}" has no data: its loader must pass it through keptPart.`);
  return (
    <div id={id} className={className} {...{ [SERVER_RENDERED]: "" }}>
      {render(data)}
    </div>
  );
}

function BrowserPart<T>({ id, part, className, render }: PartProps<T>) {
  const [server, setServer] = useState(() => serverElement(id));
  const [serverVersion] = useState(part.version);
  const ref = useRef<HTMLDivElement>(null);
  const revalidator = useRevalidator();
  const keepServerHtml = server !== null && part.version === serverVersion;
  const mustRender = !keepServerHtml;
  const hasData = part.data !== undefined;

  // Rendered in the browser after all (hydration failed above it): the element is a new, empty one.
  useLayoutEffect(() => {
    if (keepServerHtml && ref.current !== server) setServer(null);
  }, [keepServerHtml, server]);

  // To be rendered here without its data (the document carried only its version): the loaders,
  // asked again, send it. Asked once, so that a failing answer cannot start a loop.
  const askedForData = useRef(false);
  useEffect(() => {
    if (!mustRender || hasData || askedForData.current || revalidator.state !== "idle") return;
    askedForData.current = true;
    void revalidator.revalidate();
  }, [mustRender, hasData, revalidator]);

  if (keepServerHtml) {
    return (
      <div
        key="server"
        ref={ref}
        id={id}
        className={className}
        {...{ [SERVER_RENDERED]: "" }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty: hydration keeps the server's HTML in place.
        dangerouslySetInnerHTML={{ __html: "" }}
        suppressHydrationWarning
      />
    );
  }
  return (
    <div key="browser" id={id} className={className}>
      {part.data !== undefined && render(part.data)}
    </div>
  );
}
