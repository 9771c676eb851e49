import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { Pager } from ".";

function renderPager(props: { page: number; total: number; look?: "admin" | "reader" }) {
  const Stub = createRoutesStub([
    {
      path: "/admin/all-posts",
      Component: () => <Pager limit={10} hrefFor={(page) => `/admin/all-posts?page=${page}`} {...props} />,
    },
  ]);
  return render(<Stub initialEntries={["/admin/all-posts"]} />);
}

const hrefOf = (name: string) => screen.getByRole("link", { name }).getAttribute("href");

describe("Pager", () => {
  it("on the first page: Prev is not a link, Next and the nearby pages are", async () => {
    renderPager({ page: 1, total: 45 });
    const nav = await screen.findByRole("navigation", { name: "Pagination" });
    expect(within(nav).getByText("Page 1 of 5")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Prev/ })).toBeNull();
    expect(within(nav).getByText("Prev").closest("[aria-disabled]")?.getAttribute("aria-disabled")).toBe("true");
    expect(hrefOf("Next")).toBe("/admin/all-posts?page=2");
    expect(hrefOf("Page 2")).toBe("/admin/all-posts?page=2");
    expect(hrefOf("Page 3")).toBe("/admin/all-posts?page=3");
    expect(screen.queryByRole("link", { name: "Page 4" })).toBeNull();
    // The current page is text, marked as the current one.
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe("Page 1");
  });

  it("on the last page: Next is not a link, Prev is", async () => {
    renderPager({ page: 5, total: 45 });
    await screen.findByRole("navigation", { name: "Pagination" });
    expect(screen.queryByRole("link", { name: /Next/ })).toBeNull();
    expect(hrefOf("Prev")).toBe("/admin/all-posts?page=4");
    expect(hrefOf("Page 3")).toBe("/admin/all-posts?page=3");
  });

  it("shows nothing when everything fits on one page", async () => {
    const { container } = renderPager({ page: 1, total: 10 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.querySelector("nav")).toBeNull();
  });

  it("in the reader's look every number is a link, the current one marked", async () => {
    renderPager({ page: 2, total: 45, look: "reader" });
    await screen.findByRole("navigation", { name: "Pagination" });
    expect(hrefOf("1")).toBe("/admin/all-posts?page=1");
    expect(screen.getByRole("link", { name: "2" }).getAttribute("aria-current")).toBe("page");
    expect(hrefOf("Prev")).toBe("/admin/all-posts?page=1");
  });
});
