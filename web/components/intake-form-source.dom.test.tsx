import { afterEach, expect, test } from "bun:test";
import { render, waitFor } from "@testing-library/react";
import { Router } from "wouter";
import { DEFAULT_BRAND } from "../../src/contracts/brand-defaults";
import { PageDataProvider } from "../lib/page-data-context";
import { readVisitSource } from "../lib/use-visit-source";
import { rememberVisitSource, VISIT_KEY } from "../lib/visit-source";
import { IntakeForm } from "./intake-form";

const setReferrer = (value: string) =>
  Object.defineProperty(document, "referrer", { value, configurable: true });

afterEach(() => {
  sessionStorage.clear();
  setReferrer("");
  history.replaceState(null, "", "/");
});

test("the first page of the visit and the referring site's host are remembered; later pages change nothing", () => {
  history.replaceState(null, "", "/articles/hidden-assets?utm_source=news");
  setReferrer("https://www.google.com/search?q=hidden+assets");
  rememberVisitSource();
  expect(readVisitSource()).toEqual({
    landingPage: "/articles/hidden-assets",
    referrerHost: "www.google.com",
  });

  history.replaceState(null, "", "/contact");
  setReferrer("http://localhost:3000/articles/hidden-assets");
  rememberVisitSource();
  expect(readVisitSource()).toEqual({
    landingPage: "/articles/hidden-assets",
    referrerHost: "www.google.com",
  });
});

test("the reader and the writer use the same storage key", () => {
  sessionStorage.setItem(VISIT_KEY, JSON.stringify({ landingPage: "/about", referrerHost: "t.co" }));
  expect(readVisitSource()).toEqual({ landingPage: "/about", referrerHost: "t.co" });
});

test("a visit that starts here, or from a page of this site, has no referring host", () => {
  history.replaceState(null, "", "/services/asset-map");
  setReferrer("http://localhost:3000/");
  rememberVisitSource();
  expect(readVisitSource()).toEqual({ landingPage: "/services/asset-map", referrerHost: "" });
});

test("the intake form carries the source in two hidden fields, filled once the page runs", async () => {
  history.replaceState(null, "", "/services/asset-map");
  setReferrer("https://news.ycombinator.com/item?id=1");
  rememberVisitSource();
  history.replaceState(null, "", "/contact");
  const { container } = render(
    <Router ssrPath="/contact">
      <PageDataProvider value={{ brand: DEFAULT_BRAND, publicUrl: "http://localhost:3000", now: "" }}>
        <IntakeForm />
      </PageDataProvider>
    </Router>,
  );
  const field = (name: string) =>
    container.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`);
  await waitFor(() => expect(field("landingPage")?.value).toBe("/services/asset-map"));
  expect(field("referrerHost")?.value).toBe("news.ycombinator.com");
});
