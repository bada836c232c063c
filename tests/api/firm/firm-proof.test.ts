import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createApp } from "../../../src/app";
import { MANIFEST } from "../../../src/generated/assets";
import { openDataStore } from "../../../src/ops/data-store";
import { post, signIn, withCookie } from "../../helpers/admin";
import { loadTestConfig, makeTestApp, ORIGIN } from "../../helpers/app";

const USER = "morgan";
const PASSWORD = "trace every transfer";
const { request, dataDir } = makeTestApp({
  ADMIN_USERNAME: USER,
  ADMIN_PASSWORD: PASSWORD,
  BRAND_ADDRESS: "1200 Main Street, Suite 400, Dallas, TX 75201",
  BRAND_LICENCES: "CPA firm permit No. 12345; Private investigations licence No. A-6789",
});
const cookie = await signIn(request, USER, PASSWORD);

const send = (method: string, path: string, body?: unknown) =>
  request(path, withCookie(cookie, { ...post(body), method }));
const html = async (path: string) => (await request(path, { headers: { accept: "text/html" } })).text();

/** A 1×1 PNG: the smallest real image. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
const photoForm = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => {
  const form = new FormData();
  form.append("photo", new File([bytes], name, { type }));
  return withCookie(cookie, {
    method: "PUT",
    body: form,
    headers: { origin: ORIGIN, "sec-fetch-site": "same-origin" },
  });
};

describe("the firm's people and testimonials: filled by the firm, shown only when published", () => {
  test("a new data folder shows no people, no testimonials and no case studies", async () => {
    for (const path of ["/", "/about"]) {
      const page = await html(path);
      expect(page).not.toContain('id="people-title"');
      expect(page).not.toContain('id="testimonials-title"');
      expect(page).not.toContain('href="/case-studies"');
    }
    expect(await html("/case-studies")).toContain("No case studies published yet");
  });

  test("signed out, the admin API answers 401 and changes nothing", async () => {
    for (const path of ["/api/admin/people", "/api/admin/testimonials"]) {
      expect((await request(path)).status).toBe(401);
      expect((await request(path, post({ name: "X", role: "Y" }))).status).toBe(401);
    }
  });

  test("a person: field messages, a draft stays off the site, publishing shows name, credentials and role", async () => {
    const bad = await send("POST", "/api/admin/people", { name: " ", role: "", order: 1.5 });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toEqual({
      name: ["Name is required"],
      role: ["Role is required"],
      order: ["Order must be a whole number"],
    });
    const res = await send("POST", "/api/admin/people", {
      name: "Dana Whitfield",
      role: "Principal, Forensic Accountant",
      credentials: "CPA, CFE",
      bio: "Twenty years of tracing for family-law and probate counsel.",
    });
    expect(res.status).toBe(201);
    const person = (await res.json()) as { id: number; published: boolean; photo: null };
    expect(person).toMatchObject({ published: false, photo: null });
    expect(await html("/about")).not.toContain("Dana Whitfield");

    expect((await send("PATCH", `/api/admin/people/${person.id}`, { published: true })).status).toBe(200);
    for (const path of ["/", "/about"]) {
      const page = await html(path);
      expect(page).toContain("Dana Whitfield");
      expect(page).toContain("CPA, CFE");
      expect(page).toContain("Principal, Forensic Accountant");
    }
  });

  test("a photo is typed by its bytes, shown while its person is published, and removed with them", async () => {
    const { id } = (await (
      await send("POST", "/api/admin/people", { name: "Sam Okafor", role: "Researcher", published: true })
    ).json()) as { id: number };
    const disguised = await request(
      `/api/admin/people/${id}/photo`,
      photoForm(
        new TextEncoder().encode("<svg onload=alert(1)>") as Uint8Array<ArrayBuffer>,
        "me.png",
        "image/png",
      ),
    );
    expect(disguised.status).toBe(422);
    expect((await disguised.json()).errors.photo[0]).toContain("JPEG, PNG or WebP");

    const ok = await request(`/api/admin/people/${id}/photo`, photoForm(PNG, "portrait.jpg", "image/jpeg"));
    expect(ok.status).toBe(200);
    const { photo } = (await ok.json()) as { photo: string };
    expect(photo).toMatch(/^\/uploads\/photos\/[0-9a-f-]{36}\.png$/);
    const served = await request(photo);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect(await html("/about")).toContain(`src="${photo}"`);

    await send("PATCH", `/api/admin/people/${id}`, { published: false });
    expect((await request(photo)).status).toBe(404);
    const file = join(dataDir, "uploads", photo.split("/").pop() ?? "");
    expect(existsSync(file)).toBe(true);
    expect((await send("DELETE", `/api/admin/people/${id}`)).status).toBe(200);
    expect(existsSync(file)).toBe(false);
  });

  test("a testimonial is shown on the home and about pages only once published", async () => {
    const bad = await send("POST", "/api/admin/testimonials", { quote: "", attribution: "x".repeat(161) });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toEqual({
      quote: ["Quote is required"],
      attribution: ["Attribution must be at most 160 characters"],
    });
    const res = await send("POST", "/api/admin/testimonials", {
      quote: "Their schedules settled the case before the hearing.",
      attribution: "Family-law partner, Dallas",
    });
    const { id } = (await res.json()) as { id: number };
    expect(await html("/")).not.toContain("Their schedules settled the case");
    await send("PATCH", `/api/admin/testimonials/${id}`, { published: true });
    for (const path of ["/", "/about"]) {
      const page = await html(path);
      expect(page).toContain("Their schedules settled the case before the hearing.");
      expect(page).toContain("Family-law partner, Dallas");
    }
  });

  test("the office address and licences set as BRAND_* show on /about, each licence on its own line", async () => {
    const page = await html("/about");
    expect(page).toContain("1200 Main Street, Suite 400, Dallas, TX 75201");
    expect(page).toContain("<li>CPA firm permit No. 12345</li>");
    expect(page).toContain("<li>Private investigations licence No. A-6789</li>");
  });
});

describe("case studies: demo mode shows labelled samples, a production data folder none", () => {
  test("DEMO=1 seeds three published samples once, each labelled Sample; without DEMO nothing is seeded", async () => {
    const dir = join(dataDir, "demo");
    const start = (demo: boolean) => {
      const config = loadTestConfig({ DATA_DIR: dir, PUBLIC_URL: ORIGIN, DEMO: demo ? "1" : "" });
      const store = openDataStore(config);
      const { db } = store;
      const app = createApp({ config, store, manifest: MANIFEST });
      return { db, get: (path: string) => app.handle(new Request(`${ORIGIN}${path}`)) };
    };
    const plain = start(false);
    expect(await (await plain.get("/case-studies")).text()).toContain("No case studies published yet");
    plain.db.close();
    for (let run = 0; run < 2; run++) {
      const demo = start(true);
      const page = await (await demo.get("/case-studies")).text();
      expect(page.match(/>Sample</g)).toHaveLength(3);
      expect(
        (demo.db.query("SELECT count(*) AS n FROM case_studies WHERE sample = 1").get() as { n: number }).n,
      ).toBe(3);
      demo.db.close();
    }
  });
});
