/** The icons the stylesheet draws (glyphs.css), by their Lucide names. */
export const GLYPH_NAMES = ["heart", "message-circle", "bookmark-plus", "bookmark-check", "chevron-right"] as const;
export type GlyphName = (typeof GLYPH_NAMES)[number];

/** A decorative icon repeated across cards: one empty span, sized by `className` (decision 036). */
export function Glyph({ name, className }: { name: GlyphName; className: string }) {
  return <span aria-hidden="true" className={`glyph glyph-${name} ${className}`} />;
}
