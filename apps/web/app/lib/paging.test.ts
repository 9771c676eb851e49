import { describe, expect, it } from "vitest";
import { pagerWindow } from "../components/ui";
import { listHref, pageParam } from "./paging";

describe("paging", () => {
  it("reads the page of a query string, 1 when it is not a page", () => {
    expect(pageParam(new URLSearchParams("page=3"))).toBe(3);
    for (const query of ["", "page=0", "page=-2", "page=abc"]) expect(pageParam(new URLSearchParams(query))).toBe(1);
    expect(pageParam(new URLSearchParams("page=99999999"))).toBe(10_000);
  });

  it("leaves empty values and page 1 out of list links", () => {
    expect(listHref("/admin/all-posts", { search: "", page: 1 })).toBe("/admin/all-posts");
    expect(listHref("/admin/all-posts", { search: "rain fall", page: 2 })).toBe(
      "/admin/all-posts?search=rain+fall&page=2",
    );
  });

  it("shows three page numbers around the current page", () => {
    expect(pagerWindow(1, 1)).toEqual([1]);
    expect(pagerWindow(1, 2)).toEqual([1, 2]);
    expect(pagerWindow(1, 5)).toEqual([1, 2, 3]);
    expect(pagerWindow(3, 5)).toEqual([2, 3, 4]);
    expect(pagerWindow(5, 5)).toEqual([3, 4, 5]);
  });
});
