import { describe, expect, test } from "bun:test";
import { DOCS, PATHS } from "../../../src/contracts/paths";
import { serviceById as coreService, SERVICES } from "../../../src/contracts/services";
import { withDetails } from "../../../web/content/service-details";
import type { AttorneyServiceId } from "../../../web/content/service-pages";
import { ASSET_MAP_PAGE } from "../../../web/content/services/asset-map";
import { JUDGMENT_INTEL_PAGE } from "../../../web/content/services/judgment-intel";
import { TRANSACTION_TRACE_PAGE } from "../../../web/content/services/transaction-trace";
import { makeTestApp, ORIGIN } from "../../helpers/app";

const SERVICE_PAGES = {
  "asset-map": ASSET_MAP_PAGE,
  "transaction-trace": TRANSACTION_TRACE_PAGE,
  "judgment-intel": JUDGMENT_INTEL_PAGE,
};
const serviceById = (id: AttorneyServiceId) => withDetails(coreService(id), SERVICE_PAGES[id].details);
const JUDGMENT_INTEL_MONITORED = JUDGMENT_INTEL_PAGE.monitored ?? [];

// A fixed clock: the privacy page's "Last Updated" line must show the server's month and year.
const { request } = makeTestApp({}, { now: () => new Date("2026-03-15T12:00:00Z") });

/** The JSON-LD fields these tests read. */
type JsonLd = {
  "@type"?: string;
  "@id"?: string;
  name?: string;
  provider?: unknown;
  offers?: { priceSpecification?: Record<string, unknown> };
  itemListElement?: { item: string }[];
};
type Page = {
  status: number;
  html: string;
  text: string;
  title: string;
  description: string;
  jsonLd: JsonLd[];
};

const decode = (s: string) =>
  s
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

async function get(path: string): Promise<Page> {
  const res = await request(path);
  const html = await res.text();
  const body = html.slice(html.indexOf("<body"));
  return {
    status: res.status,
    html,
    // Visible text of the server's HTML, tags removed and entities decoded.
    text: decode(
      body
        .replace(/<script[\s\S]*?<\/script>/g, " ")
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " "),
    ),
    title: decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? ""),
    description: decode(html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? ""),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? "null") as JsonLd,
    ),
  };
}

const expectAll = (text: string, phrases: readonly string[]) => {
  for (const phrase of phrases) expect(text).toContain(phrase);
};
const linksTo = (html: string, href: string) => html.split(`href="${href}"`).length - 1;
const h1s = (html: string) => [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1]);

const MY_PAGES = [
  PATHS.assetMap,
  PATHS.transactionTrace,
  PATHS.judgmentIntel,
  PATHS.forIndividuals,
  PATHS.process,
  PATHS.compliance,
  PATHS.engagementTerms,
  PATHS.about,
  PATHS.privacy,
] as const;

describe("every site page", () => {
  test("answers 200 with one h1, a distinct title and a distinct description", async () => {
    const pages = await Promise.all([PATHS.home, ...MY_PAGES].map(get));
    for (const [i, page] of pages.entries()) {
      expect(page.status, MY_PAGES[i - 1] ?? "/").toBe(200);
      expect(h1s(page.html)).toHaveLength(1);
      expect(page.title).toContain("Tracewell");
      expect(page.title.match(/Tracewell/g)).toHaveLength(1);
      expect(page.description.length).toBeGreaterThan(80);
      expect(page.description.length).toBeLessThanOrEqual(200);
    }
    expect(new Set(pages.map((p) => p.title)).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.description)).size).toBe(pages.length);
  });

  test("carries the firm's JSON-LD and a breadcrumb from Home", async () => {
    for (const path of MY_PAGES) {
      const { jsonLd } = await get(path);
      expect(jsonLd.find((o) => o["@type"] === "AccountingService")?.["@id"]).toBe(`${ORIGIN}/#firm`);
      const crumbs = jsonLd.find((o) => o["@type"] === "BreadcrumbList");
      expect(crumbs?.itemListElement?.at(0)?.item).toBe(`${ORIGIN}/`);
      expect(crumbs?.itemListElement?.at(-1)?.item).toBe(`${ORIGIN}${path}`);
    }
  });
});

describe("service pages", () => {
  test("each describes its Service with offers from the service data, provided by the firm", async () => {
    for (const id of ["asset-map", "transaction-trace", "judgment-intel"] as const) {
      const service = serviceById(id);
      const { jsonLd, description } = await get(service.path);
      const ld = jsonLd.find((o) => o["@type"] === "Service");
      expect(ld?.name).toBe(service.name);
      expect(ld?.provider).toEqual({ "@id": `${ORIGIN}/#firm` });
      expect(ld?.offers?.priceSpecification).toMatchObject({
        priceCurrency: "USD",
        minPrice: service.offer.minPrice,
        maxPrice: service.offer.maxPrice,
      });
      expect(description).toContain(service.pricing);
    }
  });

  test("Asset Map: summary cards, What's Included, 9 deliverables, four steps, 5 FAQs, Request This Service", async () => {
    const service = serviceById("asset-map");
    const { html, text } = await get(PATHS.assetMap);
    expect(service.deliverables).toHaveLength(9);
    expect(service.faqs).toHaveLength(5);
    expectAll(text, [
      "Asset Map",
      "$3,500–$5,000 flat rate",
      "72 hours",
      "$1,000",
      "What's Included",
      "Deliverables",
      "Intake & Scope",
      "Public Records Search",
      "Analysis & Report",
      "Delivery & Follow-Up",
      ...service.includes,
      ...service.deliverables,
      ...service.faqs.flatMap((f) => [f.question, f.answer]),
      "Request This Service",
    ]);
    expect(linksTo(html, PATHS.contact)).toBeGreaterThanOrEqual(2);
    expect(html.match(/aria-expanded="true"/g)).toHaveLength(5);
  });

  test("Transaction Trace: 7 deliverables and 5 FAQs with the fee, hourly rate and turnaround", async () => {
    const service = serviceById("transaction-trace");
    const { text } = await get(PATHS.transactionTrace);
    expect(service.deliverables).toHaveLength(7);
    expect(service.faqs).toHaveLength(5);
    expectAll(text, [
      "$10k–$20k fixed fee, or $350/hour",
      "2–8 weeks",
      "2–3 weeks",
      "6–8 weeks",
      "QuickBooks",
      "What's Included",
      ...service.deliverables,
      ...service.faqs.flatMap((f) => [f.question, f.answer]),
      "Request This Service",
    ]);
  });

  test("Judgment Intel: pricing, quarterly and 7+ stat cards, 7 monitored items, 7 deliverables, 5 FAQs", async () => {
    const service = serviceById("judgment-intel");
    const { text } = await get(PATHS.judgmentIntel);
    expect(JUDGMENT_INTEL_MONITORED).toHaveLength(7);
    expect(service.deliverables).toHaveLength(7);
    expect(service.faqs).toHaveLength(5);
    expectAll(text, [
      "$750–$1,500 per month per subject",
      "Quarterly",
      "7+",
      "30 days' notice",
      ...JUDGMENT_INTEL_MONITORED,
      ...service.deliverables,
      ...service.faqs.flatMap((f) => [f.question, f.answer]),
      "Request This Service",
    ]);
  });
});

describe("for individuals", () => {
  test("heading, Lawful Use Only, two packages, attorney section, How It Works and a final call to action", async () => {
    const { html, text, jsonLd } = await get(PATHS.forIndividuals);
    expect(h1s(decode(html)).at(0)).toBe("Find what's missing. The right way.");
    expectAll(text, [
      "Lawful Use Only",
      "Individual Asset Check",
      "$1,500 flat fee",
      "5–7 business days",
      "Record-Ready Prep",
      "$2,500 flat fee",
      "7–10 business days",
      "When to Work Directly with an Attorney",
      "Complex litigation",
      "Multi-entity tracing",
      "Judgment enforcement",
      "How It Works",
      "Request the service",
      "Confirm scope and price",
      "Sign and pay",
      "Receive your report",
    ]);
    expect(text.match(/Request This Service/g)).toHaveLength(2);
    // Two package buttons, the referral button and the final call to action (plus header and sticky links).
    expect(linksTo(html, PATHS.contact)).toBeGreaterThanOrEqual(4);
    const offered = jsonLd.filter((o) => o["@type"] === "Service").map((o) => o.name);
    expect(offered).toEqual(SERVICES.filter((s) => s.audience === "individuals").map((s) => s.name));
  });
});

describe("process, compliance, engagement terms, about, privacy", () => {
  test("process: Our Process, the four steps, three quality standards, Request Intake", async () => {
    const { text, html } = await get(PATHS.process);
    expectAll(text, [
      "Our Process",
      "Counsel-Directed Scope",
      "Intake & Records",
      "Analysis & Exhibits",
      "Delivery & Follow-Up",
      "Professional standards",
      "Chain of custody",
      "Secure handling",
      "Request Intake",
    ]);
    expect(linksTo(html, PATHS.contact)).toBeGreaterThanOrEqual(2);
  });

  test("compliance: what we do, what we don't do, privacy and handling, the named laws", async () => {
    const { text } = await get(PATHS.compliance);
    expectAll(text, [
      "What we do",
      "What we don't do",
      "Privacy and handling",
      "No pretexting",
      "No surveillance",
      "No hacking",
      "No unauthorized bank access",
      "we are not a consumer reporting agency",
      "Gramm-Leach-Bliley Act (GLBA)",
      "Fair Credit Reporting Act (FCRA)",
      "State privacy laws",
      "AES-256",
    ]);
  });

  test("engagement terms: a download link to the sample letter and all six topics", async () => {
    const { text, html } = await get(PATHS.engagementTerms);
    expect(linksTo(html, DOCS.engagementLetter)).toBe(1);
    expectAll(text, [
      "Download the sample engagement letter",
      "Fees and retainers",
      "Turnaround and expedites",
      "Confidentiality",
      "Scope and limitations",
      "Termination and refunds",
      "Dispute resolution",
      "$1,500–$5,000",
      "non-refundable",
      "72-hour",
      "binding arbitration",
      "Each party bears its own attorney fees",
    ]);
  });

  test("about: what sets us apart, our approach, Request Intake", async () => {
    const { text } = await get(PATHS.about);
    expectAll(text, [
      "What sets us apart",
      "Productized services",
      "Speed",
      "Standards-based",
      "Dual audience",
      "Who we work with",
      "Family-law attorneys",
      "Probate counsel",
      "Commercial-dispute attorneys",
      "Fiduciaries",
      "Our approach",
      "Request Intake",
    ]);
  });

  test("privacy: Last Updated is the server's month and year, and all eight sections", async () => {
    const { text } = await get(PATHS.privacy);
    expect(text).toMatch(/Last Updated ?: Mar 2026/);
    expectAll(text, [
      "Information we collect",
      "How we use information",
      "How we protect information",
      "How we share information",
      "Your rights",
      "Cookies",
      "Changes to this policy",
      "Contact us",
      "intake@tracewell.example",
      "30 days",
      "do not sell",
    ]);
  });
});
