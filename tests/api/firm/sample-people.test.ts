import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../../src/app";
import { MANIFEST } from "../../../src/generated/assets";
import { DEMO_PASSWORD, DEMO_USERNAME } from "../../../src/modules/auth/model";
import { openDataStore } from "../../../src/ops/data-store";
import { loadTestConfig, ORIGIN } from "../../helpers/app";

/**
 * Demo mode shows the firm's people and testimonials as it shows case studies (issue 45, ADR 301): a few seeded
 * once, published, marked as samples and labelled "Sample" on /about and the home page; a production data folder
 * gets none.
 */
describe("people and testimonials: demo mode shows labelled samples, a production data folder none", () => {
  test("DEMO=1 seeds three people and three testimonials once, each labelled Sample; without DEMO nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tracewell-samples-"));
    const start = (demo: boolean) => {
      const config = loadTestConfig({ DATA_DIR: dir, PUBLIC_URL: ORIGIN, DEMO: demo ? "1" : "" });
      const store = openDataStore(config);
      const app = createApp({ config, store, manifest: MANIFEST });
      const html = async (path: string) =>
        (await app.handle(new Request(`${ORIGIN}${path}`, { headers: { accept: "text/html" } }))).text();
      return { db: store.db, html };
    };
    const count = (db: import("bun:sqlite").Database, table: string) =>
      (
        db.query(`SELECT count(*) AS n FROM ${table} WHERE sample = 1 AND published = 1`).get() as {
          n: number;
        }
      ).n;

    const plain = start(false);
    expect(count(plain.db, "people")).toBe(0);
    expect(count(plain.db, "testimonials")).toBe(0);
    expect(await plain.html("/about")).not.toContain("Avery Lindqvist");
    plain.db.close();

    for (let run = 0; run < 2; run++) {
      const demo = start(true);
      expect(count(demo.db, "people")).toBe(3);
      expect(count(demo.db, "testimonials")).toBe(3);
      const about = await demo.html("/about");
      expect(about).toContain("Avery Lindqvist");
      expect(about).toContain("What counsel and clients say");
      // Every sample says so: three people and three testimonials.
      expect(about.match(/>Sample</g)).toHaveLength(6);
      const home = await demo.html("/");
      expect(home).toContain("Avery Lindqvist");
      expect(home.match(/>Sample</g)?.length).toBeGreaterThanOrEqual(6);
      demo.db.close();
    }
  });
});

describe("a demo's sample people are no one", () => {
  test("no article may name one as its author, and the setup list does not count them as the firm's people", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tracewell-samples-"));
    const config = loadTestConfig({ DATA_DIR: dir, PUBLIC_URL: ORIGIN, DEMO: "1" });
    const store = openDataStore(config);
    const app = createApp({ config, store, manifest: MANIFEST });
    const login = await app.handle(
      new Request(`${ORIGIN}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ORIGIN, "sec-fetch-site": "same-origin" },
        body: JSON.stringify({ username: DEMO_USERNAME, password: DEMO_PASSWORD }),
      }),
    );
    expect(login.status).toBe(200);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const setup = (await (
      await app.handle(new Request(`${ORIGIN}/api/admin/setup`, { headers: { cookie } }))
    ).json()) as { steps: { id: string; done: boolean }[] };
    expect(setup.steps.find((s) => s.id === "people")?.done).toBe(false);
    store.db.close();
  });
});
