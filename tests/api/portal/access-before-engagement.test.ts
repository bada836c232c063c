import { expect, test } from "bun:test";
import type { DeskPortalAccess } from "../../../src/contracts/portal-access";
import { signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";

/**
 * The request page asks for the client's ways back on every request (ADR 299). A request with no engagement yet has
 * none: the answer is the empty list its panel shows, not a 404 the page reports as a failed load. A request that
 * does not exist is still a 404.
 */
const OWNER = "morgan";
const PASSWORD = "trace every transfer";
const at = new Date("2026-11-16T15:00:00.000Z");
const t = makeTestApp({ ADMIN_USERNAME: OWNER, ADMIN_PASSWORD: PASSWORD }, { now: () => at });

test("a request with no engagement lists no device and no passkey; an unknown request is not found", async () => {
  const admin = await signIn(t.request, OWNER, PASSWORD);
  const { id } = await fileIntake(t, at);
  const res = await t.request(`/api/admin/submissions/${id}/engagement/access`, withCookie(admin));
  expect(res.status).toBe(200);
  expect((await res.json()) as DeskPortalAccess).toEqual({ devices: [], passkeys: [] });
  const unknown = await t.request(`/api/admin/submissions/${id + 1000}/engagement/access`, withCookie(admin));
  expect(unknown.status).toBe(404);
});
