import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, configureForgetting, scrubOwed } from "../../../src/db";
import { enableTotp, insertAdmin } from "../../../src/modules/auth/repo/users";
import { staffRepo } from "../../../src/modules/staff/repo/staff";
import { openDataStore } from "../../../src/ops/data-store";
import { post, signIn, withCookie } from "../../helpers/admin";
import { loadTestConfig, makeTestApp, TEST_HASH } from "../../helpers/app";
import { capturingLogger, fileIntake } from "../../helpers/intake";
import { markedIntake, marker } from "../../helpers/markers";
import { freePorts } from "../../helpers/ports";
import { holding, readableValues } from "../../helpers/readable-values";
import { smtpServer } from "../../helpers/smtp";

/**
 * Every way personal data is deleted or cleared, each done while another connection holds a read transaction
 * on the file (as Litestream keeps one, and a running `tracewell backup` holds one). The reader's snapshot
 * still holds the deleted values, so SQLite keeps their pages on disk while it lasts; the server must neither
 * wait for it nor give up: once the reader ends, the next retry empties the WAL and nothing the data key beside
 * the file can open is left. Every encrypted value in every file of the data folder is opened with that key.
 */
setDefaultTimeout(20_000);
const USER = "morgan";
const PASSWORD = "trace every transfer";
const [SMTP_PORT = 0] = freePorts(1);
const smtp = smtpServer(SMTP_PORT);
const clock = { at: new Date("2026-06-01T09:00:00.000Z") };
const { app, request, db, store, dataDir } = makeTestApp(
  {
    ADMIN_USERNAME: USER,
    ADMIN_PASSWORD: PASSWORD,
    TRUST_PROXY: "1",
    REQUIRE_MFA: "false",
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  },
  { now: () => clock.at },
);
beforeAll(() => smtp.listen());
afterAll(() => smtp.close());

// The retries wait for this test to run them, instead of for a timer.
const retries = new Set<() => void>();
const { logger, lines } = capturingLogger();
configureForgetting(db, {
  logger,
  schedule: (retry) => {
    retries.add(retry);
    return () => retries.delete(retry);
  },
});
const runRetries = () => {
  const due = [...retries];
  retries.clear();
  for (const retry of due) retry();
};

/** A read transaction from another connection, begun now; the returned function ends it. */
function holdReader(folder = dataDir): () => void {
  const reader = new Database(join(folder, "tracewell.db"), { readonly: true });
  reader.exec("BEGIN");
  reader.query("SELECT count(*) AS n FROM contact_submissions").get();
  return () => {
    reader.exec("COMMIT");
    reader.close();
  };
}

let cookie = "";
const send = (method: string, path: string, body?: unknown) =>
  request(path, withCookie(cookie, { ...post(body), method }));
const events = () => lines.map((l) => (JSON.parse(l) as { event: string }).event);

/**
 * The markers are readable on disk before; `act` deletes them with a reader open and answers without waiting
 * for it; the scrub is owed until the reader ends; then one retry leaves none of them readable.
 */
async function deletedWithReaderOpen(markers: string[], act: () => Promise<unknown>) {
  expect(holding(readableValues(dataDir), markers)).toEqual(markers);
  const logged = lines.length;
  const release = holdReader();
  const started = performance.now();
  try {
    await act();
    expect(performance.now() - started).toBeLessThan(2500);
    expect(scrubOwed(db)).toBe(true);
    // Still owed while the reader lasts, however often it is tried.
    runRetries();
    expect(scrubOwed(db)).toBe(true);
  } finally {
    release();
  }
  runRetries();
  expect(scrubOwed(db)).toBe(false);
  expect(holding(readableValues(dataDir), markers)).toEqual([]);
  expect(events().slice(logged)).toEqual(["deleted_data_scrub_waiting", "deleted_data_scrubbed"]);
}

const intakeWithMarkers = async (label: string) => {
  const marked = markedIntake(clock.at, label);
  const filed = await fileIntake({ request, db }, clock.at, marked.intake);
  return { ...filed, ...marked };
};

describe("a deletion while another connection reads the file", () => {
  // Before the tests below: a signed-in admin.
  beforeAll(async () => {
    cookie = await signIn(request, USER, PASSWORD);
  });

  test("a request deleted on the desk", async () => {
    const filed = await intakeWithMarkers("Desk");
    const kept = await intakeWithMarkers("Kept");
    await deletedWithReaderOpen(filed.all, async () => {
      expect((await send("DELETE", `/api/admin/submissions/${filed.id}`)).status).toBe(200);
    });
    expect(holding(readableValues(dataDir), kept.all)).toEqual(kept.all);
  });

  test("the requests erased for a deletion request, and the request's own address", async () => {
    const filed = await intakeWithMarkers("Erase");
    const created = await send("POST", "/api/admin/data-requests", {
      email: filed.intake.email,
      kind: "deletion",
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await deletedWithReaderOpen(filed.all, async () => {
      expect((await send("POST", `/api/admin/data-requests/${id}/erase`)).status).toBe(200);
    });
  });

  test("the address of an access request, once it is completed", async () => {
    const local = marker("Access").toLowerCase();
    const created = await send("POST", "/api/admin/data-requests", {
      email: `${local}@example.com`,
      kind: "access",
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await deletedWithReaderOpen([local], async () => {
      expect((await send("POST", `/api/admin/data-requests/${id}/complete`)).status).toBe(200);
    });
  });

  test("a declined request, purged when its retention has run out", async () => {
    const filed = await intakeWithMarkers("Purge");
    expect((await send("PATCH", `/api/admin/submissions/${filed.id}`, { status: "declined" })).status).toBe(
      200,
    );
    clock.at = new Date(clock.at.getTime() + 400 * 86_400_000);
    await deletedWithReaderOpen(filed.all, async () => {
      expect(app.decorator.retention.purge().deleted).toContain(filed.reference);
    });
    cookie = await signIn(request, USER, PASSWORD);
  });

  test("a colleague removed from the staff: their e-mail address", async () => {
    const local = marker("Staff").toLowerCase();
    const id = insertAdmin(
      store,
      "riley",
      await Bun.password.hash("a password for riley", TEST_HASH),
      clock.at,
    );
    staffRepo(store).setEmail(id, `${local}@tracewell.example`);
    await deletedWithReaderOpen([local], async () => {
      expect((await send("DELETE", `/api/admin/staff/${id}`)).status).toBe(200);
    });
  });

  test("a colleague's second factor, reset: their TOTP secret", async () => {
    const secret = marker("Totp").toUpperCase();
    const id = insertAdmin(
      store,
      "sasha",
      await Bun.password.hash("a password for sasha", TEST_HASH),
      clock.at,
    );
    enableTotp(store, id, secret, 0, []);
    await deletedWithReaderOpen([secret], async () => {
      expect((await send("POST", `/api/admin/staff/${id}/reset-mfa`)).status).toBe(200);
    });
  });

  test("an invitation's one-time token, wiped once its mail has gone out", async () => {
    await app.decorator.mailOutbox.runOnce();
    const res = await send("POST", "/api/admin/staff/invitations", { email: "jordan@tracewell.example" });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const token = staffRepo(store).tokenOf(id) ?? "";
    expect(token.length).toBeGreaterThan(20);
    await deletedWithReaderOpen([token], async () => {
      expect(await app.decorator.mailOutbox.runOnce()).toBe(1);
    });
    expect(staffRepo(store).tokenOf(id)).toBeNull();
  });

  test("an invitation's one-time token, wiped when the invitation is withdrawn", async () => {
    const res = await send("POST", "/api/admin/staff/invitations", { email: "drew@tracewell.example" });
    const { id } = (await res.json()) as { id: number };
    const token = staffRepo(store).tokenOf(id) ?? "";
    await deletedWithReaderOpen([token], async () => {
      expect((await send("DELETE", `/api/admin/staff/invitations/${id}`)).status).toBe(200);
    });
  });
});

describe("a stop while the reader still holds the file", () => {
  test("the close says the scrub is unfinished, and the next start empties the WAL the last run could not", async () => {
    const folder = mkdtempSync(join(tmpdir(), "tracewell-stop-"));
    try {
      const config = loadTestConfig({
        DATA_DIR: folder,
        PUBLIC_URL: "http://localhost:3000",
        REQUIRE_MFA: "false",
      });
      const first = capturingLogger();
      const opened = openDataStore(config, { logger: first.logger });
      const running = opened.db;
      const local = marker("Stopped").toLowerCase();
      const id = insertAdmin(opened, "quinn", "not a real hash", clock.at);
      staffRepo(opened).setEmail(id, `${local}@tracewell.example`);
      const release = holdReader(folder);
      staffRepo(opened).remove(id);
      // The stop waits its busy timeout for the reader; shortened here, as the reader outlasts any timeout.
      running.exec("PRAGMA busy_timeout = 50");
      closeDatabase(running);
      release();
      const scrubEvents = first.lines
        .map((l) => (JSON.parse(l) as { event: string }).event)
        .filter((e) => e.startsWith("deleted_data_"));
      expect(scrubEvents).toEqual(["deleted_data_scrub_waiting", "deleted_data_scrub_unfinished"]);
      expect(holding(readableValues(folder), [local])).toEqual([local]);

      const { db: restarted } = openDataStore(config);
      expect(scrubOwed(restarted)).toBe(false);
      expect(holding(readableValues(folder), [local])).toEqual([]);
      closeDatabase(restarted);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
