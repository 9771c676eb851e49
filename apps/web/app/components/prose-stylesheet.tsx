import proseStylesheet from "../prose.css?url";

/**
 * The `.prose` styles, for the parts that show post or legal text: React hoists the link into
 * the head once, and on a client navigation waits for it before showing the page (decision 034).
 */
export function ProseStylesheet() {
  return <link rel="stylesheet" href={proseStylesheet} precedence="default" />;
}
