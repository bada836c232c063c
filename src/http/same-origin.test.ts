import { expect, test } from "bun:test";
import { isSameOriginRequest } from "./same-origin";

const ALLOWED = ["https://www.tracewell.example"];
const req = (method: string, headers: Record<string, string> = {}) =>
  new Request("http://127.0.0.1:3000/api/x", { method, headers });

test("reads are never refused", () => {
  expect(isSameOriginRequest(req("GET", { origin: "https://evil.example" }), ALLOWED)).toBe(true);
});

test("state-changing requests from another site are refused", () => {
  for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
    expect(isSameOriginRequest(req(method, { origin: "https://evil.example" }), ALLOWED)).toBe(false);
    expect(isSameOriginRequest(req(method, { "sec-fetch-site": "cross-site" }), ALLOWED)).toBe(false);
    expect(isSameOriginRequest(req(method, { "sec-fetch-site": "same-site" }), ALLOWED)).toBe(false);
    expect(isSameOriginRequest(req(method, { origin: "null" }), ALLOWED)).toBe(false);
  }
});

test("our own origin, the public origin, and non-browser clients pass", () => {
  expect(isSameOriginRequest(req("POST", { origin: "http://127.0.0.1:3000" }), ALLOWED)).toBe(true);
  expect(isSameOriginRequest(req("POST", { origin: "https://www.tracewell.example" }), ALLOWED)).toBe(true);
  expect(isSameOriginRequest(req("POST", { "sec-fetch-site": "same-origin" }), ALLOWED)).toBe(true);
  expect(isSameOriginRequest(req("POST", { "sec-fetch-site": "none" }), ALLOWED)).toBe(true);
  expect(isSameOriginRequest(req("POST"), ALLOWED)).toBe(true);
});
