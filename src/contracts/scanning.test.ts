import { describe, expect, test } from "bun:test";
import { clamdLabel, parseClamdUrl } from "./scanning";

describe("CLAMD_URL", () => {
  test("a TCP address or a unix socket, as clamd.conf names them", () => {
    expect(parseClamdUrl("tcp://127.0.0.1:3310")).toEqual({ kind: "tcp", host: "127.0.0.1", port: 3310 });
    expect(parseClamdUrl("tcp://clamav.internal:3310/")).toEqual({
      kind: "tcp",
      host: "clamav.internal",
      port: 3310,
    });
    expect(parseClamdUrl("tcp://[::1]:3310")).toEqual({ kind: "tcp", host: "::1", port: 3310 });
    expect(parseClamdUrl("unix:/run/clamav/clamd.ctl")).toEqual({
      kind: "unix",
      path: "/run/clamav/clamd.ctl",
    });
    expect(parseClamdUrl("unix:///run/clamav/clamd.ctl")).toEqual({
      kind: "unix",
      path: "/run/clamav/clamd.ctl",
    });
    expect(clamdLabel({ kind: "tcp", host: "127.0.0.1", port: 3310 })).toBe("tcp://127.0.0.1:3310");
  });

  test("anything else is refused, so a bad value stops the start naming the variable", () => {
    for (const bad of [
      "127.0.0.1:3310",
      "tcp://host",
      "tcp://host:0",
      "tcp://host:70000",
      "unix:clamd.ctl",
      "http://x:1",
    ])
      expect([bad, parseClamdUrl(bad)]).toEqual([bad, null]);
  });
});
