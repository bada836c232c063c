import { describe, expect, test } from "bun:test";
import { DEFAULT_BRAND } from "../../../contracts/brand-defaults";
import { buildHead } from "./head";

const entry = {
  boot: "/assets/boot-xyz.js",
  script: "/assets/entry-client-abc.js",
  css: "/assets/app-def.css",
  preload: ["/assets/chunk-1.js"],
};
const base = {
  brand: DEFAULT_BRAND,
  publicUrl: "https://www.tracewell.example",
  pathname: "/process",
  entry,
};

/** Collects tags with Bun's HTMLRewriter so assertions read attributes, not substrings. */
async function parse(html: string) {
  {
    const metas: Record<string, string> = {};
    const links: { rel: string; href: string }[] = [];
    const jsonLd: unknown[] = [];
    let title = "";
    let current = "";
    await new HTMLRewriter()
      .on("meta", {
        element(el) {
          const key = el.getAttribute("name") ?? el.getAttribute("property");
          if (key) metas[key] = el.getAttribute("content") ?? "";
        },
      })
      .on("link", {
        element(el) {
          links.push({ rel: el.getAttribute("rel") ?? "", href: el.getAttribute("href") ?? "" });
        },
      })
      .on("title", {
        text(t) {
          title += t.text;
        },
      })
      .on('script[type="application/ld+json"]', {
        text(t) {
          current += t.text;
          if (t.lastInTextNode) {
            jsonLd.push(JSON.parse(current));
            current = "";
          }
        },
      })
      .transform(new Response(`<html><head>${html}</head></html>`))
      .text();
    return { metas, links, jsonLd, title };
  }
}

describe("buildHead", () => {
  test("title gets the brand suffix; description, canonical and social tags follow the page", async () => {
    const head = buildHead({
      ...base,
      meta: { title: "Our Process", description: "How an engagement runs." },
    });
    const { metas, links, title } = await parse(head);
    expect(title).toBe("Our Process | Tracewell");
    expect(metas.description).toBe("How an engagement runs.");
    expect(links.find((l) => l.rel === "canonical")?.href).toBe("https://www.tracewell.example/process");
    expect(metas["og:site_name"]).toBe("Tracewell");
    expect(metas["og:title"]).toBe("Our Process | Tracewell");
    expect(metas["og:description"]).toBe("How an engagement runs.");
    expect(metas["og:url"]).toBe("https://www.tracewell.example/process");
    expect(metas["og:type"]).toBe("website");
    expect(metas["og:image"]).toBe("https://www.tracewell.example/brand/social-card.png");
    expect(metas["twitter:card"]).toBe("summary_large_image");
    expect(metas.robots).toBeUndefined();
  });

  test("links the stylesheet, the boot script, icons and the manifest", async () => {
    const head = buildHead({
      ...base,
      meta: { title: "T", description: "D" },
      pageChunks: ["/assets/page-9.js"],
    });
    const { links } = await parse(head);
    expect(links).toContainEqual({ rel: "stylesheet", href: entry.css });
    expect(links).toContainEqual({ rel: "icon", href: "/brand/mark.svg" });
    expect(links).toContainEqual({ rel: "manifest", href: "/site.webmanifest" });
    // No script is asked for with the document but the boot script, which starts the entry and preloads the
    // page's chunks once the first frame is painted (ADR 215).
    expect(links.filter((l) => l.rel === "modulepreload")).toEqual([]);
    expect(head).not.toContain(entry.script);
    expect(head).toContain(
      `<script type="module" src="${entry.boot}" data-chunks="/assets/page-9.js"></script>`,
    );
  });

  test("the firm is an AccountingService with its services as offers, plus the page's own JSON-LD", async () => {
    const head = buildHead({
      ...base,
      meta: { title: "T", description: "D", jsonLd: [{ "@type": "BreadcrumbList" }] },
    });
    const { jsonLd } = await parse(head);
    const firm = jsonLd[0] as Record<string, unknown>;
    expect(firm["@type"]).toBe("AccountingService");
    expect(firm.name).toBe("Tracewell");
    expect(firm.url).toBe("https://www.tracewell.example/");
    expect(firm.logo).toBe("https://www.tracewell.example/brand/mark-512.png");
    expect(firm.telephone).toBe(DEFAULT_BRAND.phone);
    expect(firm.email).toBe(DEFAULT_BRAND.email);
    expect(firm.slogan).toBe(DEFAULT_BRAND.slogan);
    const offers = firm.makesOffer as { itemOffered: { name: string } }[];
    expect(offers.map((o) => o.itemOffered.name)).toEqual([
      "Asset Map",
      "Transaction Trace",
      "Judgment Intel",
      "Individual Asset Check",
      "Record-Ready Prep",
    ]);
    expect(jsonLd[1]).toEqual({ "@type": "BreadcrumbList" });
  });

  test("noindex pages say so", async () => {
    const { metas } = await parse(
      buildHead({ ...base, meta: { title: "T", description: "D", noindex: true } }),
    );
    expect(metas.robots).toBe("noindex, nofollow");
  });

  test("text is escaped: a title cannot break out of its element or attribute", async () => {
    const head = buildHead({
      ...base,
      meta: {
        title: `</title><script>alert(1)</script>`,
        description: `"><script>x</script>`,
        jsonLd: [{ t: "</script><b>" }],
      },
    });
    expect(head).not.toContain("<script>alert(1)");
    expect(head).not.toContain("<script>x</script>");
    expect(head).not.toContain("</script><b>");
    const { title, metas } = await parse(head);
    // HTMLRewriter hands over the title's raw source: it must be entity-escaped.
    expect(title).toBe("&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Tracewell");
    expect(metas.description).toBe("&quot;&gt;&lt;script&gt;x&lt;/script&gt;");
  });
});
