import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { ParsedMail } from "mailparser";
import { cookieFrom, post, signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { scanForMarkers } from "../../helpers/byte-scan";
import { portalClient } from "../../helpers/portal-client";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";

// Two sealed signatures: slow on a busy machine.
setDefaultTimeout(90_000);

/**
 * One link per queued mail (ADR 306): a portal mail the mail server refused for now is written again at its
 * retry, and carries the link its first attempt made, so the link the client receives is the only live one the
 * mail ever made. Its token is held encrypted only until the mail is sent, and a mail given up voids its link.
 */
const { username: OWNER, password: PASSWORD } = DESK_OWNER;
const CLIENT = "quilla.marchbanks@harborlaw.example";
/** An address the mail server refuses for good (550): its mail is given up at once. */
const GONE = "no.such.mailbox@harborlaw.example";
const [SMTP_PORT = 0] = freePorts(1);
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
// The first message it is given is refused for now (451), as a busy server does; the rest are taken.
const smtp = smtpServer(SMTP_PORT, { failFirst: 1, refuse: [GONE] });
const t = makeTestApp(
  { ...NEW_YORK_DESK, SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, INTAKE_NOTIFY_TO: "desk@tracewell.example" },
  { now: () => clock.at },
);
beforeAll(() => smtp.listen());
afterAll(() => smtp.close());

const STATEMENT = "statement-issued";
const tokenIn = (mail: ParsedMail | undefined) =>
  /\/portal#token=([A-Za-z0-9_-]{43})&focus=statement/.exec(mail?.text ?? "")?.[1];
/** The links made for one outbox row, and which of them can still open the portal. */
const linksOf = (outboxId: number) =>
  t.db
    .query<{ id: number; live: number; held: number }, [number, string]>(
      `SELECT id, (used_at IS NULL AND voided_at IS NULL AND expires_at > ?2) AS live, token IS NOT NULL AS held
       FROM portal_links WHERE outbox_id = ?1 ORDER BY id`,
    )
    .all(outboxId, clock.at.toISOString());
const statementRowOf = (submissionId: number) =>
  t.db
    .query<{ id: number; state: string; attempts: number }, [number, string]>(
      "SELECT id, state, attempts FROM mail_outbox WHERE submission_id = ? AND kind = ? ORDER BY id DESC",
    )
    .get(submissionId, STATEMENT);
/** Every byte of the data folder, the WAL checkpointed first and then as it is: no token readable in either. */
const readableAnywhere = (token: string) => {
  const found = scanForMarkers([t.dataDir], [token]);
  t.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
  return [...found, ...scanForMarkers([t.dataDir], [token])];
};

describe("a portal mail retried by the outbox", () => {
  test("carries the link its refused attempt made: the delivered link works and is the row's only live one", async () => {
    const admin = await signIn(t.request, OWNER, PASSWORD);
    const c = await portalClient(t, clock.at, admin, {
      email: CLIENT,
      intake: { name: "Quilla Marchbanks" },
    });
    const issued = await t.request(
      `/api/admin/submissions/${c.submission.id}/statements`,
      withCookie(admin, post({ through: "2026-11-16" })),
    );
    expect(issued.status).toBe(201);

    // The first attempt: written, link and all, and refused for now.
    expect(await t.app.decorator.mailOutbox.runOnce({ kind: STATEMENT })).toBe(0);
    const row = statementRowOf(c.submission.id);
    expect(row).toMatchObject({ state: "pending", attempts: 1 });
    const refusedToken = tokenIn(smtp.refused[0]);
    expect(refusedToken).toBeDefined();
    expect(linksOf(row?.id ?? 0)).toEqual([expect.objectContaining({ live: 1, held: 1 })]);
    // Held for the retry, encrypted: the token is nowhere in the data folder's bytes.
    expect(readableAnywhere(refusedToken ?? "")).toEqual([]);

    // The retry, once its wait is over: the same link, written again and delivered.
    clock.at = new Date(clock.at.getTime() + 31_000);
    expect(await t.app.decorator.mailOutbox.runOnce({ kind: STATEMENT })).toBe(1);
    expect(statementRowOf(c.submission.id)).toMatchObject({ state: "sent", attempts: 2 });
    const delivered = smtp.received.find((m) => m.subject?.startsWith("Statement"));
    const token = tokenIn(delivered);
    expect(token).toBe(refusedToken as string);
    // One link for the row, still live, its token wiped now that its mail is out.
    expect(linksOf(row?.id ?? 0)).toEqual([expect.objectContaining({ live: 1, held: 0 })]);
    expect(readableAnywhere(token ?? "")).toEqual([]);

    const opened = await t.request("/api/portal/session", post({ token }));
    expect(opened.status).toBe(200);
    const view = await t.request("/api/portal", withCookie(cookieFrom(opened)));
    expect(((await view.json()) as { engagement: { reference: string } }).engagement.reference).toBe(
      c.submission.reference,
    );
    // Used, it was the row's only link: none is left that could open the portal.
    expect(linksOf(row?.id ?? 0).filter((l) => l.live)).toEqual([]);
  });

  test("given up (the address refused for good), its link opens nothing and no token is kept", async () => {
    const admin = await signIn(t.request, OWNER, PASSWORD);
    const c = await portalClient(t, clock.at, admin, { email: GONE, intake: { name: "Quilla Marchbanks" } });
    const issued = await t.request(
      `/api/admin/submissions/${c.submission.id}/statements`,
      withCookie(admin, post({ through: clock.at.toISOString().slice(0, 10) })),
    );
    expect(issued.status).toBe(201);
    await t.app.decorator.mailOutbox.runOnce({ kind: STATEMENT });
    const row = statementRowOf(c.submission.id);
    expect(row).toMatchObject({ state: "failed", attempts: 1 });
    expect(linksOf(row?.id ?? 0)).toEqual([expect.objectContaining({ live: 0, held: 0 })]);
  });
});
