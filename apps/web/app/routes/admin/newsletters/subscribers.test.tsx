import type { SubscriberJson } from "@broadsheet/domain";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CsvImportReport } from "../../../components/admin/csv-import-report";
import { renderRoute } from "../../../testing/render-route";
import SubscribersScreen from "./subscribers";

/* Admin → Subscribers from a stand-in loader: counts, filters, the import form and its report. */

const SLOW = { timeout: 8_000 };

const subscriber: SubscriberJson = {
  _id: "11111111-1111-4111-8111-111111111111",
  email: "ada@example.com",
  name: "Ada",
  status: "subscribed",
  newsletters: ["newsletter"],
  source: "form",
  hasAccount: false,
  consent: { at: "2026-11-01T00:00:00.000Z", ip: "192.0.2.1", form: "post-page", note: "" },
  createdAt: "2026-11-01T00:00:00.000Z",
  subscribedAt: "2026-11-01T00:05:00.000Z",
  unsubscribedAt: null,
};

function renderScreen(filters = { search: "", status: "", newsletter: "" }) {
  renderRoute("/admin/subscribers", SubscribersScreen, {
    loader: () => ({
      filters,
      subscribers: { items: [subscriber], total: 1, page: 1, limit: 50 },
      counts: {
        total: 3,
        byStatus: { pending: 1, subscribed: 1, unsubscribed: 0, bounced: 1, complained: 0 },
        byNewsletter: [],
      },
      newsletters: [{ _id: "n1", name: "The Harbour Gazette newsletter", slug: "newsletter" }],
    }),
  });
}

describe("Admin → Subscribers", { timeout: 20_000 }, () => {
  it("shows the counts and each address with its status and newsletters", async () => {
    renderScreen();
    const table = await screen.findByRole("table", { name: "Subscribers" }, SLOW);
    const row = within(table).getByRole("row", { name: /ada@example.com/ });
    expect(within(row).getByText("Subscribed")).toBeTruthy();
    expect(within(row).getByText("The Harbour Gazette newsletter")).toBeTruthy();
    expect(within(row).getByRole("button", { name: "Delete subscriber ada@example.com" })).toBeTruthy();
    const counts = screen.getByLabelText("Subscriber counts");
    expect(within(counts).getByText("All addresses").nextElementSibling?.textContent).toBe("3");
    expect(within(counts).getByText("Bounced").nextElementSibling?.textContent).toBe("1");
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      "/api/newsletters/subscribers/export",
    );
  });

  it("filters by search, newsletter and status with a plain GET form", async () => {
    renderScreen({ search: "ada", status: "bounced", newsletter: "newsletter" });
    const search = await screen.findByRole("search", undefined, SLOW);
    expect(within(search).getByLabelText("Search")).toHaveProperty("value", "ada");
    expect(within(search).getByLabelText("Status")).toHaveProperty("value", "bounced");
    expect(within(search).getByLabelText("Newsletter")).toHaveProperty("value", "newsletter");
    expect(search.getAttribute("method")).toBe("get");
  });

  it("imports a CSV as a multipart form with the confirmation choice; the report lists skipped lines", async () => {
    renderScreen();
    const panel = (await screen.findByRole("region", { name: "Import CSV" }, SLOW)) as HTMLElement;
    const form = panel.querySelector("form");
    expect(form?.getAttribute("enctype")).toBe("multipart/form-data");
    expect(within(panel).getByLabelText("CSV file")).toHaveProperty("name", "file");
    const confirm = within(panel).getByLabelText(/^Send a confirmation mail instead of subscribing/);
    expect(confirm).toHaveProperty("name", "confirm");
    expect(confirm).toHaveProperty("checked", false);
    // jsdom cannot post a file through the router: the report is rendered on its own.
    render(
      <CsvImportReport
        report={{
          created: 2,
          updated: 0,
          skipped: 1,
          problems: [{ line: 3, message: "Enter a valid e-mail address" }],
        }}
      />,
    );
    const report = screen.getByRole("status");
    expect(report.textContent).toContain("2 created, 0 updated, 1 skipped");
    expect(report.textContent).toContain("Line 3: Enter a valid e-mail address");
  });
});
