import { EMBED_CLASSES, embedFrameAttributes, findEmbed } from "@broadsheet/domain";

/*
 * Embeds load on a reader's click, never before (decision 077): the stored placeholder's button
 * becomes the provider's frame, in the same box, so nothing moves. One listener for the page, as
 * the body is server HTML that React never renders element by element. The frame's address is
 * made again from the shared address by the domain's provider table, whatever the page holds.
 */

/** The frame for the placeholder `button` belongs to, in place of the placeholder; false when it is none. */
export function loadEmbed(button: Element): boolean {
  const figure = button.closest(`figure.${EMBED_CLASSES.figure}`);
  const box = figure?.querySelector(`.${EMBED_CLASSES.box}`);
  const embed = findEmbed(figure?.getAttribute("data-url") ?? "");
  if (!figure || !box || !embed) return false;
  const frame = document.createElement("iframe");
  for (const [name, value] of Object.entries(embedFrameAttributes(embed, figure.getAttribute("data-title") ?? ""))) {
    frame.setAttribute(name, value);
  }
  box.replaceChildren(frame);
  figure.setAttribute("data-loaded", "");
  frame.focus();
  return true;
}

/** From the root layout's first effect on: a click on a placeholder's button loads its embed. */
export function loadEmbedsOnClick(): () => void {
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest(`button.${EMBED_CLASSES.load}`) : null;
    if (button && loadEmbed(button)) event.preventDefault();
  };
  window.addEventListener("click", onClick);
  return () => window.removeEventListener("click", onClick);
}
