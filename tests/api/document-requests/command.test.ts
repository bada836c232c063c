import { describe, expect, test } from "bun:test";
import { documentRemindersCommand } from "../../../src/cli/calendar-commands";
import { openDataStore } from "../../../src/ops/data-store";
import { post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { portalClient } from "../../helpers/portal-client";

const { username: OWNER, password: PASSWORD } = DESK_OWNER;

describe("tracewell document-reminders", () => {
  const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
  const t = makeTestApp({ ...NEW_YORK_DESK, HOLIDAYS: "US" }, { now: () => clock.at });
  const run = async (args: string[]) => {
    const out: string[] = [];
    const code = await documentRemindersCommand(args, {
      config: t.config,
      openStore: () => openDataStore(t.config, { clock: () => clock.at }),
      io: { stdout: (s) => out.push(s), stderr: (s) => out.push(s) },
    });
    return { code, out: out.join("") };
  };

  test("runs the server's job for a day: a dry run lists, a run queues once, a weekend sends nothing", async () => {
    const admin = await signIn(t.request, OWNER, PASSWORD);
    const dana = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    const added = await t.request(
      `/api/admin/submissions/${dana.submission.id}/document-requests`,
      withCookie(admin, post({ items: [{ title: "Bank statements", dueOn: "2026-11-19" }] })),
    );
    const [item] = ((await added.json()) as { ids: number[] }).ids;
    expect(await run(["--as-of", "2026-11-16", "--dry-run"])).toEqual({
      code: 0,
      out: `Document reminders of 2026-11-16 would send 1 mail (nothing was written):\nrequest ${dana.submission.id}\titem ${item} 3-days-before\n`,
    });
    expect(await run(["--as-of", "2026-11-16"])).toMatchObject({
      code: 0,
      out: expect.stringContaining("queued 1 mail:"),
    });
    expect(await run(["--as-of", "2026-11-16"])).toEqual({
      code: 0,
      out: "Document reminders of 2026-11-16: nothing new to send.\n",
    });
    expect(await run(["--as-of", "2026-11-21", "--dry-run"])).toEqual({
      code: 0,
      out: "Document reminders of 2026-11-21: not a business day of the firm, nothing is sent.\n",
    });
    expect((await run(["--as-of", "2026-11-21"])).code).not.toBe(0);
    expect((await run(["--as-of", "someday"])).code).toBe(2);
  }, 60_000);
});
