import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SCAN_MESSAGES } from "../../src/contracts/scanning";
import { cookieFrom } from "../helpers/admin";
import { binaryEnv, killStarted, runBinary, type StartedBinary, startBinary } from "../helpers/binary";
import { EICAR, EICAR_SIGNATURE, startClamd } from "../helpers/clamd";
import { b64, pdf, sha } from "../helpers/files";
import { FIRM_TERMS } from "../helpers/firm-terms";
import { validIntake } from "../helpers/intake";
import { DRAFT } from "../helpers/portal-client";
import { freePorts } from "../helpers/ports";
import { sender } from "../helpers/send";
import { smtpServer } from "../helpers/smtp";
import { waitUntil } from "../helpers/wait";

/**
 * The built executable with CLAMD_URL on Debian's clamd over TCP (issue 48, ADRs 296, 304): a client's file with
 * the EICAR test string is refused with the message the portal shows and kept sealed in quarantine (not a byte of
 * it in plain under the data folder); a clean one is accepted and answers its item of the list; with clamd
 * stopped an upload is held as not yet scanned, and once clamd is back `tracewell scan-uploads` (the job the
 * server's timer runs) accepts it.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const [SMTP_PORT = 0, PORT = 0, CLAMD_PORT = 0] = freePorts(3);
const root = mkdtempSync(join(tmpdir(), "tracewell-clamd-process-"));
const dataDir = join(root, "data");
const base = `http://127.0.0.1:${PORT}`;
const smtp = smtpServer(SMTP_PORT);
const send = sender(base);
/** Every file under a folder, however deep. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
let server: StartedBinary | undefined;
let clamd: Awaited<ReturnType<typeof startClamd>> | undefined;
const ENV = {
  LOG_LEVEL: "warn",
  ADMIN_USERNAME: USER,
  ADMIN_PASSWORD: PASSWORD,
  REQUIRE_MFA: "false",
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  CLAMD_URL: `tcp://127.0.0.1:${CLAMD_PORT}`,
  ...FIRM_TERMS,
};
/** `tracewell scan-uploads` beside the running server, with its environment. */
const scanUploads = () => runBinary(["scan-uploads"], { cwd: root, env: binaryEnv(dataDir, PORT, ENV) });
afterAll(async () => {
  killStarted();
  await clamd?.stop();
  await smtp.close();
  rmSync(root, { recursive: true, force: true });
});

const ok = async (res: Response | Promise<Response>, status = 200) => {
  const r = await res;
  if (r.status !== status) throw new Error(`${r.url}: ${r.status} ${await r.text()}`);
  return r;
};

describe("uploads scanned by clamd, on the built executable", () => {
  let client = "";
  let item = 0;

  test("a signed client with a list of documents, the server scanning through clamd over TCP", async () => {
    clamd = await startClamd({ tcpPort: CLAMD_PORT });
    await smtp.listen();
    server = await startBinary({ dataDir, port: PORT, env: ENV });
    const ready = (await (await fetch(`${base}/readyz`)).json()) as { checks: Record<string, unknown> };
    expect(ready.checks.scanner).toBe("ok");
    const admin = cookieFrom(
      await ok(send("/api/admin/login", { body: { username: USER, password: PASSWORD } })),
    );
    await ok(
      send("/api/contact", { body: validIntake(new Date(), { email: "dana@whitfieldmoss.example" }) }),
      201,
    );
    const list = (await (await ok(send("/api/admin/submissions", { cookie: admin }))).json()) as {
      items: { id: number }[];
    };
    const submissionId = list.items[0]?.id as number;
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
    await ok(
      send("/api/portal/sign", {
        body: { fullName: "Dana Whitfield", agree: true, letterSha256: sha(new Uint8Array(letter)) },
        cookie: client,
      }),
    );
    const asked = await ok(
      send(`/api/admin/submissions/${submissionId}/document-requests`, {
        body: { items: [{ title: "Bank statements", period: "36 months" }] },
        cookie: admin,
      }),
      201,
    );
    item = ((await asked.json()) as { ids: number[] }).ids[0] ?? 0;
  }, 120_000);

  const upload = async (bytes: Uint8Array, name: string) => {
    const headers = { origin: base, cookie: client, "tus-resumable": "1.0.0" };
    const created = await ok(
      fetch(`${base}/api/portal/uploads`, {
        method: "POST",
        headers: {
          ...headers,
          "upload-length": String(bytes.length),
          "upload-metadata": `filename ${b64(name)},requestItem ${b64(String(item))}`,
        },
      }),
      201,
    );
    return fetch(`${base}${created.headers.get("location")}`, {
      method: "PATCH",
      headers: { ...headers, "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      body: new Uint8Array(bytes),
    });
  };
  const files = () => readdirSync(join(dataDir, "documents"));

  test("the EICAR file is refused with the portal's message and kept encrypted in quarantine", async () => {
    const before = files();
    const bytes = pdf(400_000);
    bytes.set(EICAR, 333_333);
    const res = await upload(bytes, "statement-infected.pdf");
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toBe(SCAN_MESSAGES.infected(EICAR_SIGNATURE));
    // Kept, sealed: one more file in the documents folder, and the EICAR string in plain nowhere under the data
    // folder (the database, its journal and every sealed file read byte for byte).
    expect(files()).toHaveLength(before.length + 1);
    expect(filesUnder(dataDir).filter((f) => readFileSync(f).includes(EICAR))).toEqual([]);
    const logged =
      server
        ?.log()
        .split("\n")
        .find((l) => l.includes("document_infected")) ?? "";
    expect(JSON.parse(logged)).toMatchObject({ signature: EICAR_SIGNATURE, direction: "client" });
  });

  test("a clean file is accepted, stored and answers its item", async () => {
    const before = files().length;
    const res = await upload(pdf(400_000, "October statement"), "statement-october.pdf");
    expect(res.status).toBe(204);
    expect(files()).toHaveLength(before + 1);
    const list = (await (await ok(send("/api/portal/document-requests", { cookie: client }))).json()) as {
      items: { state: string; files: { name: string }[] }[];
    };
    expect(list.items[0]).toMatchObject({ state: "provided", files: [{ name: "statement-october.pdf" }] });
  });

  const portalList = async () =>
    (await (await ok(send("/api/portal/document-requests", { cookie: client }))).json()) as {
      items: { state: string; files: { name: string; checking: boolean }[] }[];
    };

  test("clamd stopped: an upload is held as not yet scanned; clamd started again: the job accepts it", async () => {
    await clamd?.stop();
    clamd = undefined;
    const bytes = pdf(300_000, "November statement");
    const res = await upload(bytes, "statement-november.pdf");
    // Received, not refused: the client is done; nothing of it is usable yet.
    expect(res.status).toBe(204);
    const held = (await portalList()).items[0]?.files.find((f) => f.name === "statement-november.pdf");
    expect(held?.checking).toBe(true);
    const docs = (await (await ok(send("/api/portal/documents", { cookie: client }))).json()) as {
      documents: { id: string; name: string; heldAt: string | null }[];
    };
    const doc = docs.documents.find((d) => d.name === "statement-november.pdf");
    expect(doc?.heldAt).not.toBeNull();
    expect(
      (await fetch(`${base}/api/portal/documents/${doc?.id}`, { headers: { cookie: client } })).status,
    ).toBe(404);

    // The job, run by hand while clamd is still down, leaves it held and says so.
    const down = await scanUploads();
    expect(down.code).toBe(1);
    expect(down.stdout).toContain("0 accepted, 0 quarantined, 1 still held");

    clamd = await startClamd({ tcpPort: CLAMD_PORT });
    const back = await scanUploads();
    expect(back.stdout).toContain("1 accepted, 0 quarantined, 0 still held");
    expect(back.code).toBe(0);
    // A second run finds nothing to do.
    expect((await scanUploads()).stdout).toContain("0 accepted, 0 quarantined, 0 still held");

    const accepted = (await portalList()).items[0]?.files.find((f) => f.name === "statement-november.pdf");
    expect(accepted?.checking).toBe(false);
    const download = await fetch(`${base}/api/portal/documents/${doc?.id}`, { headers: { cookie: client } });
    expect(download.status).toBe(200);
    expect(sha(new Uint8Array(await download.arrayBuffer()))).toBe(sha(bytes));
    expect(await server?.stop()).toBe(0);
  }, 120_000);
});
