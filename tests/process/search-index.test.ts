import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config";
import type { Intake } from "../../src/contracts/intake";
import { closeDatabase } from "../../src/db/index";
import { contactSubmissions } from "../../src/modules/desk/repo/contact-submissions";
import { openDataStore } from "../../src/ops/data-store";
import { newDataKey } from "../../src/ops/keys-cli";
import { cookieFrom, withCookie } from "../helpers/admin";
import { binaryEnv, killStarted, startBinary } from "../helpers/binary";
import { validIntake } from "../helpers/intake";
import { freePorts } from "../helpers/ports";
import { eventually, waitUntil } from "../helpers/wait";

/**
 * The built executable over many stored requests (issue 18, "The desk at scale"; ADR 119): the site answers
 * while the desk's search index is still being read, and the search is whole once it is.
 */
const STORED = 10_000;
const USER = "morgan";
const PASSWORD = "trace every transfer";
const dir = mkdtempSync(join(tmpdir(), "tracewell-search-index-"));
afterAll(() => {
  killStarted();
  rmSync(dir, { recursive: true, force: true });
});
const [port] = freePorts(1) as [number];
const base = `http://127.0.0.1:${port}`;
const dataDir = join(dir, "data");
const settings = {
  DATA_KEY: newDataKey(),
  LOG_LEVEL: "info",
  ADMIN_USERNAME: USER,
  ADMIN_PASSWORD: PASSWORD,
  REQUIRE_MFA: "false",
};

/** Stores the requests through the repository (and its cipher), as intakes over the years would have. */
function seed() {
  const store = openDataStore(loadConfig(binaryEnv(dataDir, port, settings)));
  const { db } = store;
  const submissions = contactSubmissions(store);
  db.transaction(() => {
    for (let i = 0; i < STORED; i++) {
      const at = new Date(Date.UTC(2024, 0, 1) + i * 3_600_000);
      submissions.create(
        validIntake(at, { name: `Grace Lindqvist ${i}`, email: `grace${i}@lindqvist.example` }) as Intake,
        {
          reference: `IR-SEED-${String(i).padStart(5, "0")}`,
          submittedAt: at.toISOString(),
          emailError: null,
        },
      );
    }
  })();
  closeDatabase(db);
}

/** Polls `url` every few milliseconds until it answers 200. */
async function firstOk(url: string, proc: { exitCode: number | null }, init?: RequestInit) {
  await waitUntil(
    `${url} answering 200`,
    () => {
      if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
      return fetch(url, init).then(
        (r) => r.status === 200,
        () => false,
      );
    },
    { timeoutMs: 30_000, everyMs: 5 },
  );
}

type LogLine = { event: string; path?: string; status?: number; requests?: number };

describe("the start over 10,000 stored requests", () => {
  test("/healthz and the home page answer before the search index is read; then a search finds the oldest request", async () => {
    seed();
    // Polled every few milliseconds rather than at the health check's pace, so the first answers are seen early.
    const server = await startBinary({
      dataDir,
      port,
      cwd: dir,
      env: settings,
      ready: (_, proc) =>
        Promise.all([
          firstOk(`${base}/healthz`, proc),
          firstOk(`${base}/`, proc, { headers: { accept: "text/html" } }),
        ]),
    });
    try {
      const login = await fetch(`${base}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ username: USER, password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      const cookie = cookieFrom(login);
      // Searched until the answer no longer says the index is being built.
      type Found = { total: number; items: { reference: string }[]; searchIndexing?: unknown };
      let found: Found | undefined;
      await eventually(
        async () => {
          const res = await fetch(`${base}/api/admin/submissions?q=grace0%40`, withCookie(cookie));
          found = (await res.json()) as Found;
          return !found.searchIndexing;
        },
        { timeoutMs: 30_000, everyMs: 50 },
      );
      expect(found?.searchIndexing).toBeUndefined();
      expect(found?.items.map((i) => i.reference)).toEqual(["IR-SEED-00000"]);
      const all = await fetch(`${base}/api/admin/submissions?q=lindqvist&pageSize=1`, withCookie(cookie));
      expect(((await all.json()) as { total: number }).total).toBe(STORED);
    } finally {
      await server.stop();
    }
    const lines = server
      .log()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as LogLine);
    const firstAnswer = (path: string) =>
      lines.findIndex((l) => l.event === "request" && l.path === path && l.status === 200);
    const ready = lines.findIndex((l) => l.event === "search_index_ready");
    expect(lines[ready]?.requests).toBe(STORED);
    expect(firstAnswer("/healthz")).toBeGreaterThanOrEqual(0);
    expect(firstAnswer("/healthz")).toBeLessThan(ready);
    expect(firstAnswer("/")).toBeLessThan(ready);
  }, 120_000);
});
