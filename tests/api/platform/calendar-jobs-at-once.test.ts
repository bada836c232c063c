import { expect, setDefaultTimeout, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { signIn } from "../../helpers/admin";
import { FIRM_TERMS, makeTestApp, ORIGIN, TEST_ENV } from "../../helpers/app";
import { portalClient } from "../../helpers/portal-client";
import { waitUntil } from "../../helpers/wait";

setDefaultTimeout(120_000);

const OWNER = "morgan";
const PASSWORD = "trace every transfer";
const ENV = {
  ADMIN_USERNAME: OWNER,
  ADMIN_PASSWORD: PASSWORD,
  INTAKE_NOTIFY_TO: "desk@tracewell.example",
  FIRM_TIMEZONE: "America/New_York",
  BUSINESS_HOURS: "Mon-Fri 09:00-17:00",
  HOLIDAYS: "US",
};
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const t = makeTestApp(ENV, { now: () => clock.at });
const count = (sql: string) => (t.db.query(sql).get() as { n: number }).n;

/**
 * Two at once: the server's minute comes while the operator runs `tracewell subscriptions` for the same day, two
 * processes on one data folder in the same instant. The day is done once, and neither fails.
 */
test("the server's timer and the operator's command run the same day together: it is raised once and both end well", async () => {
  const admin = await signIn(t.request, OWNER, PASSWORD);
  // Monthly since November 2026, then two years without a run: each catch-up is long enough for the two to meet.
  for (const email of ["ada", "bo", "cy", "di"].map((n) => `${n}@harborlaw.example`)) {
    const c = await portalClient(t, clock.at, admin, { email });
    t.app.decorator.subscriptions.start({
      engagementId: c.engagementId,
      submissionId: c.submission.id,
      subjects: ["Quillon Marchbanks-Tevery"],
      cadence: "monthly",
      monthlyCents: 150_000,
      signedOn: "2026-11-16",
      paidOn: "2026-11-16",
    });
  }
  const before = count("SELECT count(*) AS n FROM subscription_charges");
  const go = join(t.dataDir, "go");
  const env = {
    ...process.env,
    ...TEST_ENV,
    ...FIRM_TERMS,
    ...ENV,
    DATA_DIR: t.dataDir,
    PUBLIC_URL: ORIGIN,
    REQUIRE_MFA: "false",
  };
  const at = "2028-11-16T15:00:00.000Z";
  const spawn = (mode: string) =>
    Bun.spawn(["bun", join(import.meta.dir, "../../helpers/calendar-job-process.ts"), mode, at, go], {
      env,
      stdout: "pipe",
      stderr: "pipe",
    });
  const both = [spawn("server"), spawn("command")];
  // Each opens the data folder and its app, says so, then waits for the go: the two turns start in the same instant.
  await waitUntil("both processes ready", () => existsSync(`${go}.server`) && existsSync(`${go}.command`), {
    timeoutMs: 60_000,
  });
  await Bun.write(go, "");
  const [server, command] = await Promise.all(
    both.map(async (p) => ({
      code: await p.exited,
      out: await new Response(p.stdout).text(),
      err: await new Response(p.stderr).text(),
    })),
  );
  expect({ code: server?.code, err: server?.err }).toEqual({ code: 0, err: "" });
  expect({ code: command?.code, err: command?.err }).toEqual({ code: 0, err: "" });
  // Four subscriptions, November 2026 to November 2028: 24 months more each, raised once.
  expect(count("SELECT count(*) AS n FROM subscription_charges") - before).toBe(4 * 24);
  const raisedByServer = (JSON.parse(server?.out ?? "{}") as { charges: number }).charges;
  const commandSaidNothing = command?.out.includes("nothing new to raise");
  expect(raisedByServer === 4 * 24 ? commandSaidNothing : raisedByServer === 0 && !commandSaidNothing).toBe(
    true,
  );
  expect(
    t.db.query("SELECT last_day AS lastDay FROM scheduled_runs WHERE job = 'subscriptions'").get(),
  ).toEqual({ lastDay: "2028-11-16" });
});
