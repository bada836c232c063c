import { expect, test } from "bun:test";
import { sha256 } from "./hash";

test("a string is hashed as its UTF-8 bytes, in hex unless asked otherwise", () => {
  // The published digest of "abc" (FIPS 180-2, appendix B.1).
  const abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
  expect(sha256("abc")).toBe(abc);
  expect(sha256(new TextEncoder().encode("abc"))).toBe(abc);
  expect(sha256("abc", "base64")).toBe(Buffer.from(abc, "hex").toString("base64"));
  expect(sha256("abc", "base64url")).toBe(Buffer.from(abc, "hex").toString("base64url"));
  expect(sha256("é")).toBe(sha256(new Uint8Array([0xc3, 0xa9])));
});
