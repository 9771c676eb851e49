import { embedMarkup, findEmbed } from "@broadsheet/domain";
import { afterEach, describe, expect, it } from "vitest";
import { loadEmbedsOnClick } from "./embeds";

const stop = loadEmbedsOnClick();
afterEach(() => {
  document.body.replaceChildren();
});

function placeholder(url: string, title = "") {
  const embed = findEmbed(url);
  if (!embed) throw new Error(`no embed for ${url}`);
  document.body.innerHTML = embedMarkup({ embed, title, thumbnail: "" });
  return document.body.querySelector("figure") as HTMLElement;
}

describe("loading an embed on the reader's click", () => {
  it("has no frame until the button is clicked, then the provider's sandboxed frame in the same box", () => {
    const figure = placeholder("https://www.youtube.com/watch?v=dQw4w9WgXcQ", "A song");
    expect(document.querySelector("iframe")).toBeNull();
    (figure.querySelector("button") as HTMLButtonElement).click();
    const frame = figure.querySelector(".embed-box > iframe");
    expect(frame?.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(frame?.getAttribute("title")).toBe("YouTube: A song");
    expect(frame?.getAttribute("sandbox")).toContain("allow-scripts");
    expect(frame?.getAttribute("loading")).toBe("lazy");
    expect(figure.hasAttribute("data-loaded")).toBe(true);
    expect(figure.querySelector("figcaption a")?.textContent).toBe("Open on YouTube");
  });

  it("makes the frame's address from the shared address only: a changed page loads nothing else", () => {
    const figure = placeholder("https://vimeo.com/76979871");
    figure.setAttribute("data-src", "https://evil.example/");
    (figure.querySelector("button") as HTMLButtonElement).click();
    expect(figure.querySelector("iframe")?.getAttribute("src")).toBe("https://player.vimeo.com/video/76979871?dnt=1");

    const forged = placeholder("https://vimeo.com/76979871");
    forged.setAttribute("data-url", "https://evil.example/video/1");
    (forged.querySelector("button") as HTMLButtonElement).click();
    expect(document.querySelector("iframe")).toBeNull();
  });

  it("stops listening when the layout goes", () => {
    stop();
    const figure = placeholder("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    (figure.querySelector("button") as HTMLButtonElement).click();
    expect(document.querySelector("iframe")).toBeNull();
  });
});
