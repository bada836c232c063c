import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import * as v from "valibot";
import { IntakeSchema } from "../../../src/contracts/intake-schema";
import { contactSubmissions } from "../../../src/modules/desk/repo/contact-submissions";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake, validIntake } from "../../helpers/intake";
import { DRAFT } from "../../helpers/portal-client";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";
import { waitUntil } from "../../helpers/wait";

setDefaultTimeout(60_000);

/**
 * Mail someone is waiting on goes before bulk mail, and a wake during a run is never lost (issue: mail, ids,
 * headers, item 17): a portal link waited minutes behind 600 intake confirmations. The outbox is started as the
 * server starts it, with a poll far longer than any wait here, so only its wakes can send anything in time.
 */
const [SLOW_PORT = 0, HELD_PORT = 0] = freePorts(2);
const USER = "morgan";
const PASSWORD = "trace every transfer";
const HOUR_MS = 3_600_000;
/** Well under the outbox's 15 s poll: what arrives within it was sent because of a wake. */
const SOON_MS = 10_000;

/** Waits for `condition`, failing with `what` when it does not come within `timeoutMs`. */
const until = (what: string, condition: () => boolean, timeoutMs = SOON_MS) =>
  waitUntil(what, condition, { timeoutMs });

describe("a portal link behind 600 intake confirmations, on a slow mail server", () => {
  const smtp = smtpServer(SLOW_PORT, { delayMs: 10 });
  const clock = new Date("2026-11-16T15:00:00.000Z");
  const t = makeTestApp(
    {
      ADMIN_USERNAME: USER,
      ADMIN_PASSWORD: PASSWORD,
      TRUST_PROXY: "1",
      SMTP_URL: `smtp://127.0.0.1:${SLOW_PORT}`,
      INTAKE_NOTIFY_TO: "desk@tracewell.example",
    },
    { now: () => clock },
  );
  const outbox = t.app.decorator.mailOutbox;
  afterAll(async () => {
    await outbox.stop();
    await smtp.close();
  });

  test("is delivered next, long before the bulk is done", async () => {
    await smtp.listen();
    const admin = await signIn(t.request, USER, PASSWORD);
    const client = await fileIntake(t, clock, { email: "dana@whitfieldmoss.example" });
    const draft = await t.request(
      `/api/admin/submissions/${client.id}/engagement`,
      withCookie(admin, { ...post(DRAFT), method: "PUT" }),
    );
    expect(draft.status).toBe(200);
    // 600 requests arrive at once (a campaign, a restored backlog): each queues its confirmation.
    const submissions = contactSubmissions(t.store);
    for (let i = 0; i < 600; i++) {
      const intake = v.parse(IntakeSchema, validIntake(clock, { email: `bulk-${i}@example.com` }));
      submissions.create(intake, {
        reference: `IR-261116-B${i}`,
        submittedAt: clock.toISOString(),
        emailError: null,
      });
    }
    const confirmations = () =>
      smtp.received.filter((m) => m.subject?.startsWith("We received your request"));

    outbox.start({ pollMs: HOUR_MS });
    await until("the bulk is going out", () => confirmations().length >= 5);
    const sent = await t.request(
      `/api/admin/submissions/${client.id}/engagement/send`,
      withCookie(admin, post()),
    );
    expect(sent.status).toBe(200);
    const before = smtp.arriving();

    await until("the portal link arrives", () =>
      smtp.received.some((m) => m.subject === `Your engagement letter (reference ${client.reference})`),
    );
    const at = smtp.received.findIndex((m) => m.subject?.startsWith("Your engagement letter"));
    // Ahead of it went only what had reached the server when it was queued, and the one message being handed
    // over then (its connection open, its content not arrived yet): a send is never cut off.
    expect(at).toBeLessThanOrEqual(before + 1);
    expect(confirmations().length).toBeLessThan(100);
    await outbox.stop();
  });
});

describe("a wake while the outbox is sending", () => {
  let release = () => {};
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  const smtp = smtpServer(HELD_PORT, { gate: () => opened });
  const clock = new Date("2026-11-16T15:00:00.000Z");
  const t = makeTestApp(
    {
      TRUST_PROXY: "1",
      SMTP_URL: `smtp://127.0.0.1:${HELD_PORT}`,
      INTAKE_NOTIFY_TO: "desk@tracewell.example",
    },
    { now: () => clock },
  );
  const outbox = t.app.decorator.mailOutbox;
  afterAll(async () => {
    release();
    await outbox.stop();
    await smtp.close();
  });

  test("is not lost: what it was for goes out when the run in progress ends, not at the next poll", async () => {
    await smtp.listen();
    outbox.start({ pollMs: HOUR_MS });
    // The first request wakes the outbox; its first mail is held on the wire.
    const first = await fileIntake(t, clock, { email: "first@example.com" });
    await until("the first mail is on the wire", () => smtp.arriving() >= 1);
    // The second arrives meanwhile, and wakes an outbox that is busy.
    const second = await fileIntake(t, clock, { email: "second@example.com" });
    release();
    await until("both requests' mails arrive", () =>
      [first, second].every(
        (r) => smtp.received.filter((m) => m.subject?.includes(r.reference)).length === 2,
      ),
    );
    expect(smtp.received).toHaveLength(4);
    await outbox.stop();
  });
});
