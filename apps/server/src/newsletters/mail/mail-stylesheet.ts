/*
 * The mail's stylesheet, written onto each element (style="…"): Gmail and Outlook drop or
 * ignore <style> blocks in many cases, inline styles they keep. Small on purpose: type, spacing
 * and colours; images and long words never widen the mail past a phone's screen.
 */

export const MAIL_WIDTH = 600;

export const MAIL_FONT = "Georgia, 'Times New Roman', Times, serif";
export const MAIL_SANS = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const MONO = "Menlo, Consolas, 'Courier New', monospace";

const TEXT = "#1f2937";
const MUTED = "#4b5563";
export const LINK_COLOUR = "#1d4ed8";

const WRAP = "overflow-wrap:break-word;word-wrap:break-word";
const HEADING = `font-family:${MAIL_SANS};color:#111827;font-weight:700;line-height:1.3;margin:28px 0 12px;${WRAP}`;

/** The body's elements and their styles; an element not listed is not allowed in the mail. */
export const BODY_STYLES: Record<string, string> = {
  p: `margin:0 0 18px;font-size:18px;line-height:1.6;color:${TEXT};${WRAP}`,
  h1: `${HEADING};font-size:26px`,
  h2: `${HEADING};font-size:23px`,
  h3: `${HEADING};font-size:20px`,
  h4: `${HEADING};font-size:18px`,
  a: `color:${LINK_COLOUR};text-decoration:underline;${WRAP}`,
  ul: `margin:0 0 18px;padding:0 0 0 26px;font-size:18px;line-height:1.6;color:${TEXT}`,
  ol: `margin:0 0 18px;padding:0 0 0 26px;font-size:18px;line-height:1.6;color:${TEXT}`,
  li: `margin:0 0 8px;${WRAP}`,
  blockquote: `margin:0 0 18px;padding:2px 0 2px 16px;border-left:4px solid #d1d5db;color:${MUTED};font-style:italic`,
  pre: `margin:0 0 18px;padding:12px;background:#f3f4f6;font-family:${MONO};font-size:14px;line-height:1.5;white-space:pre-wrap;${WRAP}`,
  code: `font-family:${MONO};font-size:15px;background:#f3f4f6;padding:1px 4px`,
  figure: "margin:0 0 18px",
  figcaption: `margin:8px 0 0;font-family:${MAIL_SANS};font-size:14px;line-height:1.4;color:#6b7280`,
  img: "display:block;width:100%;height:auto;border:0;outline:none;text-decoration:none",
  hr: "border:none;border-top:1px solid #e5e7eb;margin:28px 0",
  strong: "font-weight:700",
  b: "font-weight:700",
  em: "font-style:italic",
  i: "font-style:italic",
  u: "text-decoration:underline",
  s: "text-decoration:line-through",
  strike: "text-decoration:line-through",
  br: "",
};
