import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../../src/app";
import { createDataCipher } from "../../../src/db/cipher";
import { closeDatabase, migrate, openDatabaseFile } from "../../../src/db/index";
import { MIGRATIONS } from "../../../src/db/migrations";
import { MANIFEST } from "../../../src/generated/assets";
import { engagementEvents } from "../../../src/modules/engagements/repo/events";
import { openDataStore } from "../../../src/ops/data-store";
import { loadDataKeys } from "../../../src/secrets";
import { cookieFrom, post } from "../../helpers/admin";
import { loadTestConfig } from "../../helpers/app";
import { insertPreviousRequest } from "../../helpers/earlier-version";
import { sha } from "../../helpers/files";
import { FIRM_TERMS } from "../../helpers/firm-terms";
import { freePorts } from "../../helpers/ports";
import { holding, readableValues } from "../../helpers/readable-values";
import { smtpServer } from "../../helpers/smtp";

/**
 * The upgrade to links of their own (migration 024, ADR 218), in place: engagements whose one link was kept in
 * the engagement's columns by the previous release. A link that already opened the portal opens nothing more;
 * one not opened yet works once; a mail still queued goes out with its link, whose token is then wiped; and
 * the certificate of a client who opened the portal with the old link tells that link as it was.
 */
setDefaultTimeout(30_000);

const ORIGIN = "http://localhost:3000";
const [SMTP_PORT = 0] = freePorts(1);
const dir = mkdtempSync(join(tmpdir(), "tracewell-upgrade-024-"));
const smtp = smtpServer(SMTP_PORT);
afterAll(async () => {
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

const clock = { at: new Date("2026-11-10T15:00:00.000Z") };
const config = loadTestConfig({
  DATA_DIR: dir,
  PUBLIC_URL: ORIGIN,
  REQUIRE_MFA: "false",
  TRUST_PROXY: "1",
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  INTAKE_NOTIFY_TO: "desk@tracewell.example",
  ...FIRM_TERMS,
});
const sha256 = (s: string) => sha(new TextEncoder().encode(s));
const TOKENS = {
  opened: "OldLinkOpenedTwice_aaaaaaaaaaaaaaaaaaaaaaaaaaaa",
  unopened: "OldLinkNeverOpened_bbbbbbbbbbbbbbbbbbbbbbbbbbbb",
  queued: "OldLinkMailQueued_cccccccccccccccccccccccccccccc",
};
const EMAILS = {
  opened: "dana@whitfieldmoss.example",
  unopened: "lee@harborlaw.example",
  queued: "sam@example.com",
};
const ids = { opened: 0, unopened: 0, queued: 0 };

// The previous release's database: three engagements sent, each with its link in its own columns.
{
  const cipher = createDataCipher(loadDataKeys(config));
  const db = openDatabaseFile(join(dir, "tracewell.db"));
  migrate(
    db,
    MIGRATIONS.filter((m) => m.version < 24),
  );
  const repo = engagementEvents({ db, cipher });
  for (const which of ["opened", "unopened", "queued"] as const) {
    const email = EMAILS[which];
    const submissionId = insertPreviousRequest(db, {
      name: cipher.encrypt(`Client ${which}`),
      email: cipher.encrypt(email),
      email_hash: cipher.emailHash(email),
      phone: cipher.encrypt("(415) 555-0142"),
      jurisdictions: cipher.encrypt("Cook County"),
      description: cipher.encrypt("A matter for the upgrade test."),
      status: "quoted",
    });
    const { id } = db
      .query(
        `INSERT INTO engagements (submission_id, scope, fee_cents, fee_kind, turnaround_business_days, status,
           token_hash, link_token, link_expires_at, sent_at, created_at, updated_at)
         VALUES (?, ?, 350000, 'flat', 5, 'sent', ?, ?, '2026-11-16T15:00:00.000Z', '2026-11-02T15:00:00.000Z',
           '2026-11-02T15:00:00.000Z', '2026-11-02T15:00:00.000Z') RETURNING id`,
      )
      .get(
        submissionId,
        cipher.encrypt("A sourced map of real property and entities in Cook County."),
        sha256(TOKENS[which]),
        cipher.encrypt(TOKENS[which]),
      ) as { id: number };
    ids[which] = id;
    repo.addEvent(id, { kind: "sent", at: "2026-11-02T15:00:00.000Z", detail: "Link emailed" });
    db.query(
      `INSERT INTO mail_outbox (kind, submission_id, ref_id, state, next_attempt_at, sent_at)
       VALUES ('portal-link', ?, ?, ?, '2026-11-02T15:00:00.000Z', ?)`,
    ).run(
      submissionId,
      id,
      which === "queued" ? "pending" : "sent",
      which === "queued" ? null : "2026-11-02T15:00:05.000Z",
    );
  }
  // The engagement: its one link opened the portal twice already.
  for (const [at, ip] of [
    ["2026-11-02T16:00:00.000Z", "203.0.113.7"],
    ["2026-11-09T16:00:00.000Z", "203.0.113.8"],
  ] as const) {
    repo.addEvent(ids.opened, { kind: "opened", at, ip, userAgent: "Old/1.0", detail: "Authenticated" });
  }
  closeDatabase(db);
}

const store = openDataStore(config, { clock: () => clock.at });
const app = createApp({ config, store, manifest: MANIFEST });
afterAll(() => store.db.close());
const request = (path: string, init?: RequestInit) => app.handle(new Request(`${ORIGIN}${path}`, init));
const from = (ip: string, init: RequestInit): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), "x-forwarded-for": ip, "user-agent": "New/2.0" },
});
const open = (token: string, ip = "192.0.2.44") => request("/api/portal/session", from(ip, post({ token })));

describe("links kept by the previous release", () => {
  test("move to their own rows: the hash and expiry kept, the engagement's link columns emptied", () => {
    const links = store.db
      .query("SELECT engagement_id AS e, token_hash AS h, expires_at AS x FROM portal_links ORDER BY id")
      .all();
    expect(links).toEqual(
      (["opened", "unopened", "queued"] as const).map((w) => ({
        e: ids[w],
        h: sha256(TOKENS[w]),
        x: "2026-11-16T15:00:00.000Z",
      })),
    );
    expect(
      store.db
        .query(
          "SELECT count(*) AS n FROM engagements WHERE token_hash IS NOT NULL OR link_token IS NOT NULL OR link_expires_at IS NOT NULL",
        )
        .get(),
    ).toEqual({ n: 0 });
  });

  test("only the token a queued mail still needs is kept, and nothing else of the old tokens is readable", () => {
    const values = readableValues(dir);
    expect(holding(values, [TOKENS.opened, TOKENS.unopened])).toEqual([]);
    expect(holding(values, [TOKENS.queued])).toEqual([TOKENS.queued]);
  });

  test("the queued mail goes out with its link, whose token is then wiped", async () => {
    await smtp.listen();
    expect(await app.decorator.mailOutbox.runOnce()).toBe(1);
    const mail = smtp.received.find((m) => JSON.stringify(m.to).includes(EMAILS.queued));
    expect(mail?.text).toContain(`${ORIGIN}/portal#token=${TOKENS.queued}`);
    store.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    expect(holding(readableValues(dir), [TOKENS.queued])).toEqual([]);
  });

  test("a link not opened yet works once; one that opened the portal already opens nothing more", async () => {
    for (const token of [TOKENS.unopened, TOKENS.queued]) {
      expect((await open(token)).status).toBe(200);
      expect((await open(token)).status).toBe(401);
    }
    const refused = await open(TOKENS.opened);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toContain("already been used");
  });

  test("the certificate tells the old link as it was used: opened twice, before links were single-use", async () => {
    expect(
      (await request("/api/portal/link", from("192.0.2.44", post({ email: EMAILS.opened })))).status,
    ).toBe(202);
    await app.decorator.mailOutbox.runOnce();
    const token = smtp.received
      .filter((m) => JSON.stringify(m.to).includes(EMAILS.opened))
      .at(-1)
      ?.text?.match(/portal#token=([A-Za-z0-9_-]+)/)?.[1];
    const opened = await open(token ?? "");
    expect(opened.status).toBe(200);
    const cookie = cookieFrom(opened);
    const asClient = (init: RequestInit) =>
      from("192.0.2.44", { ...init, headers: { ...init.headers, cookie } });
    expect((await request("/api/portal/consent", asClient(post({ consent: true })))).status).toBe(200);
    const presented = await request("/api/portal/letter.pdf", asClient({}));
    const letterSha256 = sha(new Uint8Array(await presented.arrayBuffer()));
    const signed = await request(
      "/api/portal/sign",
      // The letter's name signs it: the previous release's request was filed as "Client opened".
      asClient(post({ fullName: "Client opened", agree: true, letterSha256 })),
    );
    expect(signed.status).toBe(200);
    const pdf = new Uint8Array(await (await request("/api/portal/letter.pdf", asClient({}))).arrayBuffer());
    const text = Bun.spawnSync(["pdftotext", "-", "-"], { stdin: pdf })
      .stdout.toString()
      .replace(/\s+/g, " ");
    expect(text).toContain(
      `Authentication: Links emailed to ${EMAILS.opened}, each opening portal sessions bound to this engagement only: the link emailed 2 Nov 2026, 10:00:00 AM EST, opened 2 times (on 2 Nov 2026, 11:00:00 AM EST from 203.0.113.7; on 9 Nov 2026, 11:00:00 AM EST from 203.0.113.8), emailed before links were single-use`,
    );
    expect(text).toContain(
      "the single-use link emailed 10 Nov 2026, 10:00:00 AM EST, opened once, on 10 Nov 2026, 10:00:00 AM EST from 192.0.2.44.",
    );
    expect(text).not.toContain("Authentication: The single-use link");
  });
});
