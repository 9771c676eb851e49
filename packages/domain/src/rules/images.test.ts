import { describe, expect, it } from "vitest";
import { responsiveImage } from "./images";

describe("responsiveImage", () => {
  const key = "a".repeat(64);
  it("offers every width of a site upload", () => {
    expect(responsiveImage(`/media/${key}.webp`, "(min-width: 1024px) 25vw, 100vw")).toEqual({
      src: `/media/${key}.webp?w=640`,
      srcSet: [320, 640, 960, 1280].map((w) => `/media/${key}.webp?w=${w} ${w}w`).join(", "),
      sizes: "(min-width: 1024px) 25vw, 100vw",
    });
  });
  it("leaves other URLs alone", () => {
    expect(responsiveImage("https://cdn.example/a.jpg", "100vw")).toEqual({ src: "https://cdn.example/a.jpg" });
  });
});
