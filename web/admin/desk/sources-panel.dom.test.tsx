import { afterEach, expect, test } from "bun:test";
import { render, screen, within } from "@testing-library/react";
import type { DeskSources } from "../../../src/contracts/submissions";
import { SourcesPanel } from "./sources-panel";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** The panel's one request answered as the server would. */
function answer(body: DeskSources | null, status = 200) {
  const urls: string[] = [];
  globalThis.fetch = (async (url: string) => {
    urls.push(String(url));
    return new Response(JSON.stringify(body ?? { error: "Not signed in" }), {
      status,
      headers: { "content-type": "application/json" },
    });
  }) as unknown as typeof fetch;
  return urls;
}

const EMPTY: DeskSources = {
  from: "2026-08-24T15:00:00.000Z",
  to: "2026-11-22T15:00:00.000Z",
  days: 90,
  total: 0,
  withLanding: 0,
  withReferrer: 0,
  landingPages: [],
  referrers: [],
};

test("lists requests by first page and by referring site, with the unknown ones counted", async () => {
  const urls = answer({
    ...EMPTY,
    total: 7,
    withLanding: 5,
    withReferrer: 3,
    landingPages: [
      { value: "/services/asset-map", count: 3 },
      { value: "/articles/hidden-assets", count: 2 },
    ],
    referrers: [{ value: "www.google.com", count: 3 }],
  });
  render(<SourcesPanel />);
  expect(await screen.findByText("7 requests in the last 90 days.", { exact: false })).toBeTruthy();
  expect(urls).toEqual(["/api/admin/desk/sources"]);

  const pages = within(screen.getByRole("list", { name: "First page of the visit" }));
  expect(pages.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
    "/services/asset-map3",
    "/articles/hidden-assets2",
    "Not known2",
  ]);
  expect(pages.getByRole("link", { name: "/services/asset-map" }).getAttribute("href")).toBe(
    "/services/asset-map",
  );
  const referrers = within(screen.getByRole("list", { name: "Referring site" }));
  expect(referrers.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
    "www.google.com3",
    "No other site, or not known4",
  ]);
});

test("says plainly when there were no requests, and when the figures could not be loaded", async () => {
  answer(EMPTY);
  const { unmount } = render(<SourcesPanel />);
  expect(await screen.findByText("No requests in the last 90 days.")).toBeTruthy();
  unmount();

  answer(null, 401);
  render(<SourcesPanel />);
  expect(await screen.findByText("The sources could not be loaded.", { exact: false })).toBeTruthy();
});
