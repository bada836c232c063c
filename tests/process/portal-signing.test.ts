import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cookieFrom } from "../helpers/admin";
import { runBinary, type StartedBinary, startBinary } from "../helpers/binary";
import { filesUnder, scanForMarkers } from "../helpers/byte-scan";
import { sha } from "../helpers/files";
import { FIRM_TERMS } from "../helpers/firm-terms";
import { validIntake } from "../helpers/intake";
import { marker } from "../helpers/markers";
import { pdfText } from "../helpers/pdf-text";
import { pdfsig } from "../helpers/pdfsig";
import { placeholdersIn } from "../helpers/placeholders";
import { freePorts } from "../helpers/ports";
import { holding, readableValues } from "../helpers/readable-values";
import { smtpServer } from "../helpers/smtp";
import { eventually } from "../helpers/wait";

/**
 * The built executable signs: the signing libraries are bundled, the sealing certificate is made at the first
 * signature and kept encrypted in DATA_DIR, and the sealed letter passes pdfsig. It is the letter the client
 * read (the fee they read, the firm's dispute terms, no placeholder), named by the hash of the bytes they
 * downloaded. The name typed as the signature is on no disk in the clear: not in DATA_DIR, not in a backup.
 */
const [HTTP_PORT = 0, SMTP_PORT = 0] = freePorts(2);
const dir = mkdtempSync(join(tmpdir(), "tracewell-portal-"));
const dataDir = join(dir, "data");
const base = `http://127.0.0.1:${HTTP_PORT}`;
const smtp = smtpServer(SMTP_PORT);
let server: StartedBinary | undefined;

afterAll(async () => {
  await server?.stop();
  if (process.env.PORTAL_DEBUG) process.stdout.write(server?.log() ?? "");
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

const json = (body: unknown, cookie?: string, method = "POST"): RequestInit => ({
  method,
  headers: {
    "content-type": "application/json",
    origin: base,
    "sec-fetch-site": "same-origin",
    ...(cookie ? { cookie } : {}),
  },
  body: JSON.stringify(body),
});

const signature = `Dana ${marker("Sig")}`;
let token = "";

test("the binary seals the signed engagement letter the client read, and pdfsig reports it valid", async () => {
  await smtp.listen();
  server = await startBinary({
    dataDir,
    port: HTTP_PORT,
    cwd: dir,
    env: {
      PUBLIC_URL: base,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      ADMIN_USERNAME: "morgan",
      ADMIN_PASSWORD: "trace every transfer",
      REQUIRE_MFA: "false",
      ...FIRM_TERMS,
    },
  });
  expect(
    (
      await fetch(
        `${base}/api/contact`,
        json(validIntake(new Date(), { email: "dana@whitfieldmoss.example", name: signature })),
      )
    ).status,
  ).toBe(201);
  const admin = cookieFrom(
    await fetch(`${base}/api/admin/login`, json({ username: "morgan", password: "trace every transfer" })),
  );
  const draft = {
    scope: "A sourced map of real property and entities in Cook County.",
    feeCents: 150_000,
    feeKind: "flat",
    turnaroundBusinessDays: 7,
    expedite: false,
  };
  expect((await fetch(`${base}/api/admin/submissions/1/engagement`, json(draft, admin, "PUT"))).status).toBe(
    200,
  );
  expect((await fetch(`${base}/api/admin/submissions/1/engagement/send`, json({}, admin))).status).toBe(200);

  token = await smtp.waitFor(
    "the engagement's mail",
    (m) => m.text?.match(/portal#token=([A-Za-z0-9_-]+)/)?.[1],
  );
  expect(token).toBeDefined();
  const client = cookieFrom(await fetch(`${base}/api/portal/session`, json({ token })));
  // The link opened the portal once: opened again, it opens nothing.
  expect((await fetch(`${base}/api/portal/session`, json({ token }))).status).toBe(401);
  expect((await fetch(`${base}/api/portal/consent`, json({ consent: true }, client))).status).toBe(200);
  const letter = async () =>
    new Uint8Array(
      await (await fetch(`${base}/api/portal/letter.pdf`, { headers: { cookie: client } })).arrayBuffer(),
    );
  const read = await letter();
  const signed = await fetch(
    `${base}/api/portal/sign`,
    json({ fullName: signature, agree: true, letterSha256: sha(read) }, client),
  );
  expect(signed.status).toBe(200);
  const pdf = await letter();
  expect(pdfsig(pdf)).toContain("Signature is Valid.");
  expect(existsSync(join(dataDir, "sealing-certificate.p12.enc"))).toBe(true);

  const text = pdfText(pdf);
  expect(placeholdersIn(text)).toEqual([]);
  expect(text).toMatch(/flat fee of \$1,500, paid in full\s+on engagement/);
  expect(text.replace(/\s+/g, " ")).toContain(
    `rules of ${FIRM_TERMS.FIRM_ARBITRATION_PROVIDER}, in ${FIRM_TERMS.FIRM_VENUE}`,
  );
  expect(text).toMatch(new RegExp(`Letter as presented, SHA-256:\\s+${sha(read)}`));
}, 60_000);

test("no marker name typed as the signature is readable in DATA_DIR or in a backup taken while it serves", async () => {
  expect(scanForMarkers([dataDir], [signature, token])).toEqual([]);
  // The link's token, once its mail is out, is not kept even encrypted: the data key beside the file opens none.
  await eventually(() => holding(readableValues(dataDir), [token]).length === 0);
  expect(holding(readableValues(dataDir), [token])).toEqual([]);
  const target = join(dir, "backups", "copy.db");
  const backup = await runBinary(["backup", target], { cwd: dir, env: { DATA_DIR: dataDir } });
  expect(backup.code).toBe(0);
  const files = filesUnder(join(dir, "backups"));
  expect(files.length).toBeGreaterThan(0);
  expect(scanForMarkers(files, [signature])).toEqual([]);
}, 60_000);
