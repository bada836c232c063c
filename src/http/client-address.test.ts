import { expect, test } from "bun:test";
import { clientAddress } from "./client-address";

const server = { requestIP: () => ({ address: "10.0.0.7" }) };
const req = (xff?: string) =>
  new Request("http://localhost/", { headers: xff ? { "x-forwarded-for": xff } : {} });

test("without TRUST_PROXY the peer address is used and X-Forwarded-For ignored", () => {
  expect(clientAddress(req("1.2.3.4"), server, false)).toBe("10.0.0.7");
});

test("with TRUST_PROXY the last X-Forwarded-For hop is used, never the client's own claims", () => {
  expect(clientAddress(req("6.6.6.6, 203.0.113.9"), server, true)).toBe("203.0.113.9");
  expect(clientAddress(req(" 203.0.113.9 "), server, true)).toBe("203.0.113.9");
  expect(clientAddress(req(), server, true)).toBe("10.0.0.7");
});

test("no server (app.handle) and no header gives 'unknown'", () => {
  expect(clientAddress(req(), null, false)).toBe("unknown");
});
