import { beforeAll, describe, expect, test } from "bun:test";
import { INTAKE_FIELDS } from "../../../src/contracts/intake";
import { VISIT_SOURCE_FIELDS } from "../../../src/contracts/visit-source";
import { ROUTES } from "../../../web/server-entry";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp, ORIGIN } from "../../helpers/app";
import { formBody, validIntake } from "../../helpers/intake";

/**
 * A few thousand random and hostile bodies against the two public POST endpoints, and hostile path values,
 * query values and bodies against every admin route, signed in: never a 5xx, never a crash, nothing polluted,
 * and the server answers normally afterwards. The generator is seeded, so a failure reproduces; the seed is in
 * the test name. FUZZ_VERBOSE=1 prints the answers per route.
 */
const SEED = 20261121;
// TRUST_PROXY lets every request carry its own address, so the bodies reach the parser instead of the limiter.
const ADMIN = { username: "morgan", password: "trace every transfer" };
const { app, db, request } = makeTestApp({
  TRUST_PROXY: "1",
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
});

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The intake's fields (its visit source too) and the login's: a body carries a random selection of them. */
const FIELD_KEYS = [
  "username",
  "password",
  ...INTAKE_FIELDS,
  "website",
  "formStartTime",
  ...VISIT_SOURCE_FIELDS,
];
/** The admin forms' fields, added for the admin routes' bodies. */
const ADMIN_FIELD_KEYS = [
  ...FIELD_KEYS,
  "status",
  "note",
  "title",
  "slug",
  "description",
  "content",
  "author",
  "published",
  "code",
  "currentPassword",
  "newPassword",
  "subject",
  "body",
];
const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "\ud800",
  "\udfff\ud800",
  "\u202e\u202dabc",
  "😀".repeat(50),
  "a\u0301".repeat(40),
  "<script>alert(1)</script>",
  "=cmd|' /C calc'!A0",
  "' OR 1=1 --",
  "../../etc/passwd",
  "%00%0d%0a",
  "\r\n\r\nHTTP/1.1 200 OK",
  "1e309",
  "NaN",
  "-0",
  "x".repeat(5000),
  "123-45-6789",
  "4111 1111 1111 1111",
];

/** Percent-encodes a string; a lone surrogate becomes the bytes of an invalid UTF-8 sequence, as a bad client might send. */
const formEncode = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return "%ED%A0%80";
  }
};

function build(rand: () => number, keys: readonly string[] = FIELD_KEYS) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const value = (depth: number): unknown => {
    const r = rand();
    if (depth > 3 || r < 0.3) return pick(NASTY_STRINGS);
    if (r < 0.4) return pick([0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, true, false, null]);
    if (r < 0.55) return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
    const o: Record<string, unknown> = {};
    for (let i = 0; i < 1 + rand() * 4; i++)
      o[pick([...keys, "__proto__", "constructor", "prototype", "x"])] = value(depth + 1);
    return o;
  };
  const r = rand();
  if (r < 0.45) {
    const body: Record<string, unknown> = {};
    for (const key of keys) if (rand() < 0.8) body[key] = value(1);
    const json = JSON.stringify(body);
    // A literal "__proto__" key in the JSON text, which a naive merge would copy onto Object.prototype.
    return {
      type: "application/json",
      body: rand() < 0.2 ? json.replace(/^\{/, '{"__proto__":{"polluted":true},') : json,
    };
  }
  if (r < 0.55) return { type: "application/json", body: `${"[".repeat(5000)}${"]".repeat(5000)}` };
  if (r < 0.6)
    return {
      type: "application/json",
      body: '{"constructor":{"prototype":{"polluted":true}},"__proto__":{"polluted":true}}',
    };
  if (r < 0.7)
    return { type: "application/json", body: JSON.stringify(value(0)).slice(0, Math.floor(rand() * 200)) };
  if (r < 0.8) {
    const pairs = keys.filter(() => rand() < 0.7).map((k) => `${k}=${formEncode(pick(NASTY_STRINGS))}`);
    if (rand() < 0.3) pairs.push("name=a&name=b", "%E0%A4%A=bad", "__proto__[polluted]=1");
    return { type: "application/x-www-form-urlencoded", body: pairs.join("&") };
  }
  if (r < 0.9)
    return {
      type: pick([
        "text/plain",
        "application/xml",
        "multipart/form-data",
        "",
        "application/json; charset=utf-16",
      ]),
      body: pick(NASTY_STRINGS),
    };
  const bytes = new Uint8Array(1 + Math.floor(rand() * 512));
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(rand() * 256);
  return { type: "application/json", body: bytes };
}

async function fuzz(path: string, count: number, seed: number) {
  const rand = prng(seed);
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  for (let i = 0; i < count; i++) {
    const { type, body } = build(rand);
    const headers: Record<string, string> = {
      origin: ORIGIN,
      "x-forwarded-for": `203.0.${(i >> 8) & 255}.${i & 255}`,
    };
    if (type) headers["content-type"] = type;
    const res = await request(path, { method: "POST", headers, body });
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (res.status >= 500)
      failures.push(`#${i} ${type} ${String(body).slice(0, 80)} → ${res.status} ${await res.text()}`);
  }
  if (process.env.FUZZ_VERBOSE) console.log(path, Object.fromEntries(statuses));
  return { statuses, failures };
}

/** What a hostile client puts in a path segment or a query value (sent percent-encoded). */
const HOSTILE_VALUES = [
  ...NASTY_STRINGS,
  "0",
  "-1",
  "1",
  "2",
  "1.5",
  "1e300",
  "99999999999999999999",
  "9007199254740993",
  "Infinity",
  "-Infinity",
  "0x10",
  "1_000",
  " 1",
  "..",
  "../uploads",
  "__proto__",
  "constructor",
  "export.csv",
];
/** Raw text that is not valid percent-encoding or UTF-8, as a broken client might send it. */
const RAW_VALUES = ["%", "%E0%A4%A", "%ED%A0%80", "%FF%FE", "%00", "%2e%2e%2f%2e%2e%2fetc%2fpasswd"];
const QUERY_KEYS = [
  "page",
  "pageSize",
  "q",
  "status",
  "service",
  "role",
  "matterType",
  "sort",
  "limit",
  "before",
  "page[]",
  "page[x]",
  "__proto__",
  "constructor[prototype][polluted]",
];

/** A hostile value for a path segment or query value: percent-encoded text, or raw bytes that do not decode. */
function hostile(rand: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  return rand() < 0.2 ? pick(RAW_VALUES) : formEncode(pick(HOSTILE_VALUES));
}

/** `/api/admin/things/:id` with each parameter replaced, and a query string of hostile pairs. */
function hostileUrl(pattern: string, rand: () => number) {
  const path = pattern.replace(/:[^/]+/g, () => hostile(rand)).replace(/\*$/, () => hostile(rand));
  const pairs: string[] = [];
  for (let i = Math.floor(rand() * 5); i > 0; i--) {
    const key = QUERY_KEYS[Math.floor(rand() * QUERY_KEYS.length)] as string;
    pairs.push(`${key}=${hostile(rand)}`);
    // The same key twice: some parsers turn it into an array.
    if (rand() < 0.15) pairs.push(`${key}=${hostile(rand)}`);
  }
  return pairs.length ? `${path}?${pairs.join("&")}` : path;
}

/** Every admin route but the sign-in steps (fuzzed above, signed out) and logout (it would end the session). */
const SIGNED_OUT_ROUTES = new Set([
  "POST /api/admin/login",
  "POST /api/admin/login/mfa",
  "POST /api/admin/logout",
]);
const fuzzedRoutes = () =>
  app.routes
    .filter((r) => r.path.startsWith("/api/admin") || r.path.startsWith("/uploads/"))
    .map((r) => ({ method: r.method.toUpperCase(), path: r.path }))
    .filter((r) => !SIGNED_OUT_ROUTES.has(`${r.method} ${r.path}`));

async function fuzzSignedIn(
  cookie: string,
  route: { method: string; path: string },
  count: number,
  seed: number,
) {
  const rand = prng(seed);
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    const url = hostileUrl(route.path, rand);
    const headers: Record<string, string> = {
      cookie,
      origin: ORIGIN,
      "sec-fetch-site": "same-origin",
      "x-forwarded-for": `198.51.${(i >> 8) & 255}.${i & 255}`,
    };
    const init: RequestInit = { method: route.method, headers };
    if (route.method !== "GET" && route.method !== "HEAD" && rand() < 0.7) {
      const { type, body } = build(rand, ADMIN_FIELD_KEYS);
      if (type) headers["content-type"] = type;
      init.body = body;
    }
    let res: Response;
    try {
      res = await request(url, init);
    } catch (error) {
      // A URL the Request constructor itself refuses never reaches a server; anything else is a failure.
      if (error instanceof TypeError && /URL/i.test(error.message)) continue;
      throw error;
    }
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (res.status >= 500)
      failures.push(
        `${route.method} ${url.slice(0, 120)} → ${res.status} ${(await res.text()).slice(0, 200)}`,
      );
  }
  if (process.env.FUZZ_VERBOSE) console.log(route.method, route.path, Object.fromEntries(statuses));
  return { failures, statuses };
}

describe(`fuzzing the admin API, signed in (seed ${SEED})`, () => {
  let cookie = "";
  beforeAll(async () => {
    cookie = await signIn(request, ADMIN.username, ADMIN.password);
    // Something to find: a submission and an article, so that some ids name a row.
    const intake = await request("/api/contact", {
      ...post(validIntake(new Date())),
      headers: { ...(post({}).headers as Record<string, string>), "x-forwarded-for": "192.0.2.77" },
    });
    expect(intake.status).toBe(201);
    const article = await request(
      "/api/admin/articles",
      withCookie(
        cookie,
        post({
          title: "Reading a UCC filing",
          slug: "reading-a-ucc-filing",
          description: "Where liens hide.",
          content: "# Liens\n\nText.",
        }),
      ),
    );
    expect(article.status).toBeLessThan(300);
  });

  test("out-of-range page values get 422 with a message, not a 500", async () => {
    const cases: [string, string, string][] = [
      ["page", "99999999999999999999", "Page can be at most 1,000,000"],
      ["page", "1e300", "Page must be a whole number of 1 or more"],
      ["page", "-1", "Page must be a whole number of 1 or more"],
      ["page", "NaN", "Page must be a whole number of 1 or more"],
      ["page", "0x10", "Page must be a whole number of 1 or more"],
      ["page", "1.5", "Page must be a whole number of 1 or more"],
      ["pageSize", "1e3", "Page size must be a whole number from 1 to 100"],
      ["pageSize", "99999999999999999999", "Page size must be a whole number from 1 to 100"],
    ];
    for (const [key, value, message] of cases) {
      for (const path of ["/api/admin/submissions", "/api/admin/submissions/export.csv"]) {
        const res = await request(`${path}?${key}=${value}`, withCookie(cookie));
        const body = (await res.json()) as { errors?: Record<string, string[]> };
        expect({ path, key, value, status: res.status, errors: body.errors?.[key] }).toEqual({
          path,
          key,
          value,
          // The export takes no page, but it reads the same query and refuses the same way.
          status: 422,
          errors: [message],
        });
      }
    }
    const last = await request("/api/admin/submissions?page=1000000", withCookie(cookie));
    expect(last.status).toBe(200);
    expect(await last.json()).toMatchObject({ items: [], page: 1_000_000 });
  });

  test("every admin route, with hostile path and query values and bodies: never a 5xx", async () => {
    const routes = fuzzedRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const [n, route] of routes.entries()) {
      const result = await fuzzSignedIn(cookie, route, 120, SEED + 100 + n);
      failures.push(...result.failures);
      for (const [status, times] of result.statuses)
        statuses.set(status, (statuses.get(status) ?? 0) + times);
    }
    expect(failures).toEqual([]);
    // The requests reached the routes signed in: found, refused with a reason, or not found; never signed out.
    expect(statuses.get(401)).toBeUndefined();
    for (const status of [200, 404, 422]) expect(statuses.get(status) ?? 0).toBeGreaterThan(20);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Still signed in, and the desk still answers.
    const desk = await request("/api/admin/submissions", withCookie(cookie));
    expect(desk.status).toBe(200);
  }, 300_000);
});

describe(`fuzzing (seed ${SEED})`, () => {
  test("POST /api/contact: 2000 random and hostile bodies, never a 5xx", async () => {
    const { statuses, failures } = await fuzz("/api/contact", 2000, SEED);
    expect(failures).toEqual([]);
    expect([...statuses.keys()].every((s) => s >= 200 && s < 500)).toBe(true);
    // Most bodies are refused with a reason; none polluted Object.prototype.
    expect((statuses.get(422) ?? 0) + (statuses.get(400) ?? 0)).toBeGreaterThan(1000);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 120_000);

  test("POST /api/admin/login: 1000 random and hostile bodies, never a 5xx", async () => {
    const { failures } = await fuzz("/api/admin/login", 1000, SEED + 1);
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 120_000);

  test("the server answers normally afterwards", async () => {
    expect((await request("/healthz")).status).toBe(200);
    expect((await request("/")).status).toBe(200);
    const res = await request("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, "x-forwarded-for": "192.0.2.200" },
      body: JSON.stringify({
        name: "Dana Whitfield",
        firm: "Whitfield Family Law",
        email: "dana@whitfield.example",
        phone: "(555) 010-0177",
        role: "attorney",
        matterType: "family-law",
        subjectType: "both",
        jurisdictions: "King County, WA",
        desiredService: "asset-map",
        description: "Opposing party's financial declaration omits a known business interest.",
        acknowledgment: true,
        website: "",
        formStartTime: Date.now() - 30_000,
      }),
    });
    expect(res.status).toBe(201);
  });
});

describe(`hostile paths and visit sources on the public site (seed ${SEED})`, () => {
  test("every public page, with hostile path segments and bytes that do not decode: never a 5xx", async () => {
    const rand = prng(SEED + 7);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const urls = ["/%ff", "/articles/%ff", "/articles/%E0%A4", "/services/%ED%A0%80", "/%"];
    for (const route of ROUTES.filter((r) => r.layout === "public"))
      for (let i = 0; i < 12; i++) urls.push(hostileUrl(route.path, rand));
    for (const url of urls) {
      let res: Response;
      try {
        res = await request(url, { headers: { accept: "text/html" } });
      } catch (error) {
        if (error instanceof TypeError && /URL/i.test(error.message)) continue;
        throw error;
      }
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 500) failures.push(`GET ${url} → ${res.status}`);
    }
    expect(failures).toEqual([]);
    expect(statuses.get(404) ?? 0).toBeGreaterThan(10);
    expect((await request("/articles/%ff")).status).toBe(404);
  });

  test("a valid intake whose visit source is hostile is stored, the source dropped", async () => {
    const count = () => (db.query("SELECT count(*) AS n FROM contact_submissions").get() as { n: number }).n;
    const landingPages = ["/articles/%E0%A4", "/%ff", "/services/%", "/articles/%ED%A0%80/x"];
    for (const [i, landingPage] of landingPages.entries()) {
      const before = count();
      const body = validIntake(new Date(), { landingPage, referrerHost: "www.google.com" });
      const headers = { origin: ORIGIN, "x-forwarded-for": `192.0.2.${100 + i}` };
      const json = await request("/api/contact", {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(json.status).toBe(201);
      const form = await request("/contact", {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
        body: formBody(body),
      });
      expect(form.status).toBe(303);
      expect(count()).toBe(before + 2);
      const kept = db
        .query("SELECT landing_page AS landingPage FROM contact_submissions ORDER BY id DESC LIMIT 2")
        .all();
      expect(kept).toEqual([{ landingPage: null }, { landingPage: null }]);
    }
  });
});
