import type { PostSummary } from "@broadsheet/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../testing/render-route";
import { AudioVideo } from "./audio-video";

/* The home page's Audio & Video block (decision 077): a frame only once the reader asks, a link otherwise. */

const video = (id: string, title: string, link: string) =>
  ({
    _id: id,
    slug: id,
    title,
    link,
    image: [],
    type: "",
    category: "Audio Video",
    createdAt: "2026-05-04T09:00:00.000Z",
  }) as unknown as PostSummary;

const VIDEOS = [
  video("v1", "Harbour at dawn", "https://www.youtube.com/embed/aqz-KE-bpKQ"),
  video("v2", "The old lighthouse", "https://videos.example/lighthouse.mp4"),
];

async function renderBlock() {
  const view = renderRoute("/", () => <AudioVideo videos={{ ok: true, data: VIDEOS }} initial={0} />);
  await screen.findByRole("region", { name: "Audio & Video" });
  return { view, section: () => screen.getByRole("region", { name: "Audio & Video" }) };
}

describe("Audio & Video", () => {
  it("shows the chosen video's placeholder, and its frame (youtube-nocookie) only after Play", async () => {
    const { view, section } = await renderBlock();
    const play = await within(section()).findByRole("button", { name: "Play on YouTube: Harbour at dawn" });
    expect(view.container.querySelector("iframe")).toBeNull();
    expect(within(section()).getByRole("link", { name: "Open on YouTube: Harbour at dawn" })).toBeTruthy();
    await userEvent.click(play);
    const frame = view.container.querySelector("iframe");
    expect(frame?.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ");
    expect(frame?.getAttribute("title")).toBe("Video: Harbour at dawn");
  });

  it("gives a link of no embed provider the link only, never a frame", async () => {
    const { view, section } = await renderBlock();
    await userEvent.click(await within(section()).findByRole("button", { name: /The old lighthouse/ }));
    expect(within(section()).queryByRole("button", { name: /^Play on/ })).toBeNull();
    expect(within(section()).getByRole("link", { name: "Open on videos.example: The old lighthouse" })).toHaveProperty(
      "href",
      "https://videos.example/lighthouse.mp4",
    );
    expect(view.container.querySelector("iframe")).toBeNull();
  });
});
