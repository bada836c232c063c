import { expect, test } from "bun:test";
import type { DeskOverview } from "../../../src/contracts/desk";
import { signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";

const ADMIN = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-03-02T15:00:00.000Z") };
const { request, db } = makeTestApp(
  { ADMIN_USERNAME: ADMIN, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1" },
  { now: () => clock.at },
);

test("the dashboard's queue names who is waiting and for what, beside the reference and due label", async () => {
  const { reference } = await fileIntake({ request, db }, clock.at, {
    name: "Ines Queue-Check",
    desiredService: "transaction-trace",
  });
  const cookie = await signIn(request, ADMIN, PASSWORD);
  const res = await request("/api/admin/desk/overview", withCookie(cookie));
  expect(res.status).toBe(200);
  const overview = (await res.json()) as DeskOverview;
  expect(overview.waiting).toHaveLength(1);
  expect(overview.waiting[0]).toMatchObject({
    reference,
    name: "Ines Queue-Check",
    desiredService: "transaction-trace",
  });
  expect(overview.waiting[0]!.due.dueText).toBeTruthy();
  // The name is stored encrypted, never in clear.
  const stored = db.query("SELECT name FROM contact_submissions").get() as { name: string };
  expect(stored.name).not.toContain("Ines");
});
