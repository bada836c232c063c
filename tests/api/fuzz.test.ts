import { describe, expect, test } from "bun:test";
import { INTAKE_FIELDS } from "../../src/contracts/intake";
import { VISIT_SOURCE_FIELDS } from "../../src/contracts/visit-source";
import { makeTestApp, ORIGIN } from "../helpers/app";

/**
 * A few thousand random and hostile bodies against the two public POST endpoints: never a 5xx, never a crash,
 * nothing polluted, and the server answers normally afterwards. The generator is seeded, so a failure
 * reproduces; the seed is in the test name.
 */
const SEED = 20261121;
// TRUST_PROXY lets every request carry its own address, so the bodies reach the parser instead of the limiter.
const { request } = makeTestApp({ TRUST_PROXY: "1" });

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

function build(rand: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const value = (depth: number): unknown => {
    const r = rand();
    if (depth > 3 || r < 0.3) return pick(NASTY_STRINGS);
    if (r < 0.4) return pick([0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, true, false, null]);
    if (r < 0.55) return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
    const o: Record<string, unknown> = {};
    for (let i = 0; i < 1 + rand() * 4; i++)
      o[pick([...FIELD_KEYS, "__proto__", "constructor", "prototype", "x"])] = value(depth + 1);
    return o;
  };
  const r = rand();
  if (r < 0.45) {
    const body: Record<string, unknown> = {};
    for (const key of FIELD_KEYS) if (rand() < 0.8) body[key] = value(1);
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
    const pairs = FIELD_KEYS.filter(() => rand() < 0.7).map((k) => `${k}=${formEncode(pick(NASTY_STRINGS))}`);
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
