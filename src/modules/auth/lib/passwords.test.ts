import { expect, test } from "bun:test";
import { loadConfig } from "../../../config";
import { hashPassword, hashPasswordSync, verifyPassword } from "./passwords";

const PRODUCTION = loadConfig({}).passwordCost;
const TESTING = loadConfig({ NODE_ENV: "test", PASSWORD_COST: "m=8,t=1" }).passwordCost;

/** The cost argon2 wrote into the hash itself: what verifying it will cost, whatever the configuration. */
const costOf = (hash: string) =>
  /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash)?.slice(1).map(Number);

test("hashes with argon2id and verifies only the right password", async () => {
  const hash = await hashPassword("counsel-directed scope", TESTING);
  expect(hash).toStartWith("$argon2id$");
  expect(await verifyPassword("counsel-directed scope", hash, TESTING)).toBe(true);
  expect(await verifyPassword("counsel-directed scop", hash, TESTING)).toBe(false);
});

test("a production configuration hashes at 64 MiB and 2 passes, read back from the hash", async () => {
  expect(costOf(await hashPassword("counsel-directed scope", PRODUCTION))).toEqual([65536, 2, 1]);
  expect(costOf(hashPasswordSync("counsel-directed scope", PRODUCTION))).toEqual([65536, 2, 1]);
  expect(costOf(hashPasswordSync("counsel-directed scope", TESTING))).toEqual([8, 1, 1]);
}, 30_000);

test("a hash stored at either cost verifies under either configuration", async () => {
  // Each production-cost step takes about a second on a busy machine: the right password under the other
  // configuration, and a wrong one, for each cost.
  const strong = await hashPassword("trace every transfer", PRODUCTION);
  const cheap = await hashPassword("trace every transfer", TESTING);
  expect(await verifyPassword("trace every transfer", strong, TESTING)).toBe(true);
  expect(await verifyPassword("trace every transfe", strong, PRODUCTION)).toBe(false);
  expect(await verifyPassword("trace every transfer", cheap, PRODUCTION)).toBe(true);
  expect(await verifyPassword("trace every transfe", cheap, TESTING)).toBe(false);
}, 30_000);

test("an unknown user (no hash) is checked against a dummy hash and never passes", async () => {
  expect(await verifyPassword("anything at all", undefined, TESTING)).toBe(false);
  expect(await verifyPassword("", undefined, TESTING)).toBe(false);
  expect(await verifyPassword("anything at all", undefined, PRODUCTION)).toBe(false);
}, 30_000);

test("a malformed stored hash is a failed sign-in, not an error", async () => {
  expect(await verifyPassword("anything at all", "not-a-hash", TESTING)).toBe(false);
});
