import { type ReactNode, useLayoutEffect, useRef, useState } from "react";

/*
 * A part of a page with nothing to do in the browser: no state, no handlers, links that are
 * PageLinks (followed by one listener on the window). Hydration keeps the server's HTML of it
 * as it is, where React would otherwise build and match it element by element (decision 036):
 * the element is hydrated with an empty `dangerouslySetInnerHTML`, and React neither descends
 * into it nor removes what the server put there. Rendered in the browser (a client navigation
 * to the page), or once its `version` changes, it renders its children as usual.
 */

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

export function ServerHtml({
  id,
  version,
  className,
  children,
}: {
  /** The wrapper's id, unique in the page: how the browser finds the server's HTML. */
  id: string;
  /** What the children show, e.g. their data as JSON: the server's HTML is kept only while it is the same. */
  version: string;
  className?: string;
  children: ReactNode;
}) {
  const [server, setServer] = useState(() => serverElement(id));
  const [serverVersion] = useState(version);
  const ref = useRef<HTMLDivElement>(null);
  const keepServerHtml = server !== null && version === serverVersion;

  // Rendered in the browser after all (hydration failed above it): the element is a new, empty one.
  useLayoutEffect(() => {
    if (keepServerHtml && ref.current !== server) setServer(null);
  }, [keepServerHtml, server]);

  if (typeof document === "undefined") {
    return (
      <div id={id} className={className} {...{ [SERVER_RENDERED]: "" }}>
        {children}
      </div>
    );
  }
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
      {children}
    </div>
  );
}
