import { afterAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cookieFrom } from "../helpers/admin";
import { binaryEnv, killStarted, runBinary, type StartedBinary, startBinary } from "../helpers/binary";
import { filesUnder, scanForMarkers } from "../helpers/byte-scan";
import { b64, pdf, sha } from "../helpers/files";
import { FIRM_TERMS } from "../helpers/firm-terms";
import { validIntake } from "../helpers/intake";
import { marker } from "../helpers/markers";
import { DRAFT } from "../helpers/portal-client";
import { freePorts } from "../helpers/ports";
import { sender } from "../helpers/send";
import { smtpServer } from "../helpers/smtp";
import { eventually, waitUntil } from "../helpers/wait";

/**
 * The portal's documents on the built executable, as a client and an operator meet them (issue 20): an upload
 * by tus whose connection is cut half-way resumes where HEAD says and arrives whole (the staff download has
 * the same SHA-256); no byte under DATA_DIR or in a backup shows the file's content or its name; erasing the
 * request takes the file off the disk.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const [SMTP_PORT = 0, PORT = 0] = freePorts(2);
const root = mkdtempSync(join(tmpdir(), "tracewell-documents-"));
const dataDir = join(root, "data");
const settings = {
  TRUST_PROXY: "1",
  LOG_LEVEL: "warn",
  ADMIN_USERNAME: USER,
  ADMIN_PASSWORD: PASSWORD,
  REQUIRE_MFA: "false",
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  ...FIRM_TERMS,
  // Room for the files below (about 34 MB) and a little more: the parallel creations find its edge.
  UPLOAD_MAX_TOTAL_BYTES: String(64 * 1024 * 1024),
};
const base = `http://127.0.0.1:${PORT}`;
const smtp = smtpServer(SMTP_PORT);
let server: StartedBinary | undefined;
afterAll(async () => {
  killStarted();
  await smtp.close();
  rmSync(root, { recursive: true, force: true });
});

const send = sender(base);
const ok = async (res: Response | Promise<Response>, status = 200) => {
  const r = await res;
  if (r.status !== status) throw new Error(`${r.url}: ${r.status} ${await r.text()}`);
  return r;
};
const tusHeaders = (cookie: string, extra: Record<string, string> = {}) => ({
  origin: base,
  cookie,
  "tus-resumable": "1.0.0",
  ...extra,
});
/** A tus creation of `length` bytes named `filename` (and typed, when given), as tus-js-client sends it. */
const createUpload = (cookie: string, length: number, filename: string, filetype?: string) =>
  fetch(`${base}/api/portal/uploads`, {
    method: "POST",
    headers: tusHeaders(cookie, {
      "upload-length": String(length),
      "upload-metadata": `filename ${b64(filename)}${filetype ? `,filetype ${b64(filetype)}` : ""}`,
    }),
  });
/** A created upload's path, where its bytes are sent. */
const uploadPath = async (created: Promise<Response>) =>
  new URL((await ok(created, 201)).headers.get("location") as string, base).pathname;

/**
 * What a loopback connection to the server still holds, from the kernel's table (/proc/net/tcp): bytes sent from
 * `port` not yet taken by the other end, and bytes arrived at the server that it has not read yet.
 */
function inFlight(port: number): { unsent: number; unread: number } | null {
  const hex = (n: number) => `0100007F:${n.toString(16).toUpperCase().padStart(4, "0")}`;
  const rows = readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .map((line) => line.trim().split(/\s+/));
  const queue = (local: string, remote: string) => {
    const row = rows.find((r) => r[1] === local && r[2] === remote);
    const [tx = "", rx = ""] = row?.[4]?.split(":") ?? [];
    return row ? { tx: Number.parseInt(tx, 16), rx: Number.parseInt(rx, 16) } : null;
  };
  const client = queue(hex(port), hex(PORT));
  const server = queue(hex(PORT), hex(port));
  return client && server ? { unsent: client.tx, unread: server.rx } : null;
}

/**
 * A PATCH whose connection is cut after `sent` of the body's `bytes`: the request announces the whole length,
 * the socket sends part of it and, once the server has read all of that part, is destroyed, as a dropped
 * network does.
 */
async function cutPatch(location: string, cookie: string, offset: number, bytes: Uint8Array, sent: number) {
  const socket = connect(PORT, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  const head = [
    `PATCH ${location} HTTP/1.1`,
    `Host: 127.0.0.1:${PORT}`,
    `Origin: ${base}`,
    `Cookie: ${cookie}`,
    "Tus-Resumable: 1.0.0",
    "Content-Type: application/offset+octet-stream",
    `Upload-Offset: ${offset}`,
    `Content-Length: ${bytes.length}`,
    "",
    "",
  ].join("\r\n");
  socket.write(head);
  await new Promise<void>((resolve) => socket.write(bytes.subarray(0, sent), () => resolve()));
  await waitUntil("the server reading the part that arrived", () => {
    const q = inFlight(socket.localPort as number);
    return q !== null && q.unsent === 0 && q.unread === 0;
  });
  socket.destroy();
}

/**
 * A PATCH on a socket of its own that sends the first `at` bytes of its body and holds the rest until `rest()`,
 * as a slow connection does; `rest()` sends them and answers the status and headers the server gave.
 */
async function heldPatch(location: string, cookie: string, offset: number, bytes: Uint8Array, at: number) {
  const socket = connect(PORT, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  let received = "";
  const answered = new Promise<{ status: number; head: string }>((resolve, reject) => {
    socket.on("data", (data) => {
      received += data.toString("latin1");
      const end = received.indexOf("\r\n\r\n");
      if (end !== -1)
        resolve({ status: Number(received.slice(9, 12)), head: received.slice(0, end).toLowerCase() });
    });
    socket.once("error", reject);
  });
  socket.write(
    [
      `PATCH ${location} HTTP/1.1`,
      `Host: 127.0.0.1:${PORT}`,
      `Origin: ${base}`,
      `Cookie: ${cookie}`,
      "Tus-Resumable: 1.0.0",
      "Content-Type: application/offset+octet-stream",
      `Upload-Offset: ${offset}`,
      `Content-Length: ${bytes.length}`,
      "",
      "",
    ].join("\r\n"),
  );
  await new Promise<void>((resolve) => socket.write(bytes.subarray(0, at), () => resolve()));
  return {
    async rest() {
      socket.write(bytes.subarray(at));
      const answer = await answered;
      socket.destroy();
      return answer;
    },
  };
}

describe("documents on disk", () => {
  const nameMarker = marker("DocName");
  const contentMarker = marker("DocContent");
  const filename = `Statement ${nameMarker}.pdf`;
  // A PDF by its signature, the marker spread through it, random bytes between: about 700 KB, 11 segments.
  const bytes = Buffer.concat([
    Buffer.from("%PDF-1.7\n"),
    ...Array.from({ length: 40 }, () =>
      Buffer.concat([Buffer.from(` ${contentMarker} `), randomBytes(17_000)]),
    ),
  ]);
  const email = `${marker("Client").toLowerCase()}@example.com`;
  let admin = "";
  let client = "";
  let submissionId = 0;
  let docId = "";
  let stored: string[] = [];
  /** The 32 MB document of the download tests: its desk address and its sealed file. */
  let statements = { url: "", file: "", size: 0 };

  test("an upload cut half-way resumes from the offset HEAD gives, and the staff download has the same SHA-256", async () => {
    await smtp.listen();
    server = await startBinary({ dataDir, port: PORT, env: settings });
    admin = cookieFrom(await ok(send("/api/admin/login", { body: { username: USER, password: PASSWORD } })));

    // An intake, its engagement sent, the client in through the e-mailed link, the letter signed.
    await ok(send("/api/contact", { body: validIntake(new Date(), { email }) }), 201);
    const list = (await (await ok(send("/api/admin/submissions", { cookie: admin }))).json()) as {
      items: { id: number }[];
    };
    submissionId = list.items[0]?.id as number;
    // The intake's two mails first: the outbox is then idle and sends the engagement's link at once.
    await waitUntil("the intake's two mails", () => smtp.received.length >= 2, { timeoutMs: 30_000 });
    await ok(
      send(`/api/admin/submissions/${submissionId}/engagement`, {
        method: "PUT",
        body: DRAFT,
        cookie: admin,
      }),
    );
    await ok(send(`/api/admin/submissions/${submissionId}/engagement/send`, { body: {}, cookie: admin }));
    const link = await smtp.waitFor(
      "the engagement's mail",
      (m) => /https?:\/\/\S+\/portal#token=[A-Za-z0-9_-]+/.exec(m.text ?? "")?.[0],
    );
    client = cookieFrom(await ok(send("/api/portal/session", { body: { link } })));
    await ok(send("/api/portal/consent", { body: { consent: true }, cookie: client }));
    const letter = await (await ok(send("/api/portal/letter.pdf", { cookie: client }))).arrayBuffer();
    const letterSha256 = sha(new Uint8Array(letter));
    await ok(
      send("/api/portal/sign", {
        body: { fullName: "Dana Whitfield", agree: true, letterSha256 },
        cookie: client,
      }),
    );

    const before = new Set(readdirSync(join(dataDir, "documents")));
    const location = await uploadPath(createUpload(client, bytes.length, filename, "application/pdf"));

    // The first part, about 300 KB of the 700 KB, arrives whole: the server keeps its whole segments.
    const first = await fetch(`${base}${location}`, {
      method: "PATCH",
      headers: tusHeaders(client, {
        "content-type": "application/offset+octet-stream",
        "upload-offset": "0",
      }),
      body: bytes.subarray(0, 300_000),
    });
    expect(first.status).toBe(204);
    const kept = Number(first.headers.get("upload-offset"));
    expect(kept).toBe(4 * 65_536);
    // The second part starts, and the connection is cut half-way through its body.
    await cutPatch(location, client, kept, bytes.subarray(kept), 200_000);
    const head = await fetch(`${base}${location}`, { method: "HEAD", headers: tusHeaders(client) });
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-length")).toBe(String(bytes.length));
    // Nothing of the cut request is taken as received: the upload resumes where the first part ended.
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBe(kept);

    const resume = () =>
      fetch(`${base}${location}`, {
        method: "PATCH",
        headers: tusHeaders(client, {
          "content-type": "application/offset+octet-stream",
          "upload-offset": String(offset),
        }),
        body: bytes.subarray(offset),
      });
    // The cut request holds the upload until the server sees its connection end, then lets it go; asked
    // before that, the server answers 409 and the client asks again, as tus-js-client does.
    const rest = await waitUntil("the resumed PATCH is taken", async () => {
      const answer = await resume();
      return answer.status === 409 ? null : answer;
    });
    expect(rest.status).toBe(204);
    expect(rest.headers.get("upload-offset")).toBe(String(bytes.length));

    const docs = (await (await ok(send("/api/portal/documents", { cookie: client }))).json()) as {
      documents: { id: string; name: string; size: number; sha256: string }[];
    };
    expect(docs.documents).toMatchObject([{ name: filename, size: bytes.length, sha256: sha(bytes) }]);
    docId = docs.documents[0]?.id as string;
    const download = await ok(
      send(`/api/admin/submissions/${submissionId}/documents/${docId}`, { cookie: admin }),
    );
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect(sha(new Uint8Array(await download.arrayBuffer()))).toBe(sha(bytes));

    stored = readdirSync(join(dataDir, "documents")).filter((f) => !before.has(f));
    expect(stored).toHaveLength(1);
  }, 60_000);

  test("a download read slowly arrives whole, and one the client leaves half-way closes its file", async () => {
    // 32 MB, far more than the sockets between the two sides hold: the server has to wait for the reader.
    const large = pdf(32 * 1024 * 1024);
    const location = await uploadPath(createUpload(client, large.length, "Brokerage statements.pdf"));
    for (let at = 0; at < large.length; at += 8 * 1024 * 1024) {
      const res = await fetch(`${base}${location}`, {
        method: "PATCH",
        headers: tusHeaders(client, {
          "content-type": "application/offset+octet-stream",
          "upload-offset": String(at),
        }),
        body: large.subarray(at, at + 8 * 1024 * 1024),
      });
      expect(res.status).toBe(204);
    }
    const id = location.split("/").at(-1) as string;
    const url = `/api/admin/submissions/${submissionId}/documents/${id}`;
    const [file] = readdirSync(join(dataDir, "documents")).filter((f) => !stored.includes(f));
    statements = { url, file: join(dataDir, "documents", file as string), size: large.length };

    // Every segment is sent and then given back to memory at once (ADR 212): a reader slower than the server
    // must still receive every byte as it was sent.
    const slow = await ok(send(url, { cookie: admin }));
    const reader = (slow.body as ReadableStream<Uint8Array>).getReader();
    const parts: Uint8Array[] = [];
    for (let i = 0; ; i++) {
      const next = await reader.read();
      if (next.done) break;
      parts.push(next.value);
      // The pause is the test: a reader slower than the server, not a wait for anything.
      if (i % 8 === 0) await Bun.sleep(10);
    }
    expect(sha(Buffer.concat(parts))).toBe(sha(large));

    // A client that reads the first bytes and goes away: the server stops reading the file and closes it.
    const openDocuments = () =>
      readdirSync(`/proc/${server?.proc.pid}/fd`).filter((fd) => {
        try {
          return readlinkSync(`/proc/${server?.proc.pid}/fd/${fd}`).startsWith(join(dataDir, "documents"));
        } catch {
          return false;
        }
      });
    const left = new AbortController();
    const leaving = await ok(
      fetch(`${base}${url}`, { headers: { origin: base, cookie: admin }, signal: left.signal }),
    );
    await (leaving.body as ReadableStream<Uint8Array>).getReader().read();
    expect(openDocuments()).toHaveLength(1);
    left.abort();
    await eventually(() => openDocuments().length === 0, { timeoutMs: 5000 });
    expect(openDocuments()).toEqual([]);
    // And the server goes on answering: the same file, whole.
    const again = await ok(send(url, { cookie: admin }));
    expect(sha(new Uint8Array(await again.arrayBuffer()))).toBe(sha(large));
  }, 60_000);

  test("a file changed on disk is cut off before the changed bytes, then refused before the first byte", async () => {
    const flipNearEnd = () => {
      const sealed = readFileSync(statements.file);
      const at = sealed.length - 1000;
      sealed[at] = (sealed[at] as number) ^ 0x40;
      writeFileSync(statements.file, sealed);
    };
    // Changed after the check, while the client is still reading: the answer ends before the last segment.
    const streaming = await ok(send(statements.url, { cookie: admin }));
    const reader = (streaming.body as ReadableStream<Uint8Array>).getReader();
    let got = (await reader.read()).value?.length ?? 0;
    flipNearEnd();
    let cut = false;
    try {
      for (let next = await reader.read(); !next.done; next = await reader.read()) got += next.value.length;
    } catch {
      cut = true;
    }
    expect(cut || got < statements.size).toBe(true);
    expect(got).toBeLessThanOrEqual(statements.size - 65_536);

    // Asked again: refused before any byte, with the message the desk shows.
    const refused = await send(statements.url, { cookie: admin });
    expect(refused.status).toBe(500);
    expect(((await refused.json()) as { error: string }).error).toContain("failed its integrity check");
    flipNearEnd();
    const restored = await ok(send(statements.url, { cookie: admin }));
    expect((await restored.arrayBuffer()).byteLength).toBe(statements.size);
  }, 60_000);

  test("two PATCHes at one offset: one is taken and one is a 409, the file is whole and no alarm is raised", async () => {
    // 4 MB: the first request has written a whole batch (1 MB) while the rest of its body is still to come.
    const race = pdf(4 * 1024 * 1024);
    const before = new Set(readdirSync(join(dataDir, "documents")));
    const location = await uploadPath(createUpload(client, race.length, "Raced statement.pdf"));
    const sealed = join(
      dataDir,
      "documents",
      readdirSync(join(dataDir, "documents")).find((f) => !before.has(f)) as string,
    );

    const first = await heldPatch(location, client, 0, race, 2 * 1024 * 1024);
    // The first request is writing once its first batch reaches the file.
    expect(await eventually(() => statSync(sealed).size >= 1024 * 1024)).toBe(true);
    const second = await fetch(`${base}${location}`, {
      method: "PATCH",
      headers: tusHeaders(client, {
        "content-type": "application/offset+octet-stream",
        "upload-offset": "0",
      }),
      body: race,
    });
    const firstAnswer = await first.rest();
    expect([firstAnswer.status, second.status].sort()).toEqual([204, 409]);
    expect(firstAnswer.head).toContain(`upload-offset: ${race.length}`);

    const id = location.split("/").at(-1) as string;
    const download = await send(`/api/admin/submissions/${submissionId}/documents/${id}`, { cookie: admin });
    expect(download.status).toBe(200);
    expect(sha(new Uint8Array(await download.arrayBuffer()))).toBe(sha(race));
    // No tamper alarm: neither in the audit log staff read nor in the server's log.
    const audit = (await (
      await ok(send("/api/admin/audit?limit=200&views=1", { cookie: admin }))
    ).json()) as { entries: { event: string; detail: { document?: string } | null }[] };
    expect(
      audit.entries.filter((e) => e.event === "document.integrity_failed" && e.detail?.document === id),
    ).toEqual([]);
    expect(
      server
        ?.log()
        .split("\n")
        .filter((l) => l.includes("document_integrity_failed") && l.includes(id)),
    ).toEqual([]);
  }, 60_000);

  test("eight uploads created at once never reserve more than UPLOAD_MAX_TOTAL_BYTES", async () => {
    const listed = async () =>
      (await (await ok(send("/api/portal/documents", { cookie: client }))).json()) as {
        documents: { size: number }[];
        limits: { maxBytes: number; maxTotalBytes: number };
      };
    const { documents, limits } = await listed();
    const room = limits.maxTotalBytes - documents.reduce((sum, d) => sum + d.size, 0);
    // Each a little over a quarter of the room left: three fit, a fourth would not.
    const size = Math.floor(room / 3.5);
    expect(size).toBeLessThanOrEqual(limits.maxBytes);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createUpload(client, size, `Year ${2017 + i}.pdf`)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 413, 413, 413, 413, 413]);
    const after = await listed();
    expect(after.documents.reduce((sum, d) => sum + d.size, 0)).toBeLessThanOrEqual(limits.maxTotalBytes);
  }, 60_000);

  test("no byte under DATA_DIR or in a backup holds the file's content or its name", async () => {
    const markers = [nameMarker, contentMarker];
    expect(scanForMarkers([dataDir], markers)).toEqual([]);
    const target = join(root, "backups", "copy.twbackup");
    const backup = await runBinary(["backup", target], { env: binaryEnv(dataDir, PORT, settings) });
    expect(backup.code).toBe(0);
    // One sealed archive: neither the file's bytes nor its name in it.
    expect(filesUnder(join(root, "backups"))).toEqual([target]);
    expect(scanForMarkers([target], markers)).toEqual([]);
    // Restored, it holds the sealed file as it was stored, still sealed.
    const restored = join(root, "restored");
    const restore = await runBinary(["restore", target, "--into", restored], {
      env: binaryEnv(dataDir, PORT, settings),
    });
    expect(restore.code).toBe(0);
    expect(existsSync(join(restored, "documents", stored[0] as string))).toBe(true);
    expect(scanForMarkers([restored], markers)).toEqual([]);
  }, 30_000);

  test("erasing the request takes the file off the disk", async () => {
    const request = (await (
      await ok(send("/api/admin/data-requests", { body: { email, kind: "deletion" }, cookie: admin }), 201)
    ).json()) as { id: number };
    await ok(send(`/api/admin/data-requests/${request.id}/erase`, { body: {}, cookie: admin }));
    const path = join(dataDir, "documents", stored[0] as string);
    await eventually(() => !existsSync(path), { timeoutMs: 5000 });
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(join(dataDir, "documents"))).toEqual([]);
    const gone = await send(`/api/admin/submissions/${submissionId}/documents/${docId}`, { cookie: admin });
    expect(gone.status).toBe(404);
    // Stopped cleanly: nothing of the file anywhere under DATA_DIR.
    expect(await server?.stop()).toBe(0);
    expect(scanForMarkers([dataDir], [nameMarker, contentMarker])).toEqual([]);
  }, 30_000);
});
