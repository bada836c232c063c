import { expect, test } from "bun:test";
import { hashPassword, verifyPassword } from "./passwords";

test("hashes with argon2id and verifies only the right password", async () => {
  const hash = await hashPassword("counsel-directed scope");
  expect(hash).toStartWith("$argon2id$");
  expect(await verifyPassword("counsel-directed scope", hash)).toBe(true);
  expect(await verifyPassword("counsel-directed scop", hash)).toBe(false);
});

test("an unknown user (no hash) is checked against a dummy hash and never passes", async () => {
  expect(await verifyPassword("anything at all", undefined)).toBe(false);
  expect(await verifyPassword("", undefined)).toBe(false);
});

test("a malformed stored hash is a failed sign-in, not an error", async () => {
  expect(await verifyPassword("anything at all", "not-a-hash")).toBe(false);
});
