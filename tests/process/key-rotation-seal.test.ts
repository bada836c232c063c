import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cookieFrom } from "../helpers/admin";
import { binaryEnv, killStarted, runBinary, type StartedBinary, startBinary } from "../helpers/binary";
import { sha } from "../helpers/files";
import { FIRM_TERMS } from "../helpers/firm-terms";
import { validIntake } from "../helpers/intake";
import { pdfsig } from "../helpers/pdfsig";
import { freePorts } from "../helpers/ports";
import { sender } from "../helpers/send";
import { smtpServer } from "../helpers/smtp";

setDefaultTimeout(90_000);

/**
 * The data key's rotation reaches everything the key protects, the sealing certificate kept in DATA_DIR
 * included: after `keys rotate` and a restart with the new key alone, letters are still sealed. And a
 * certificate the configured keys cannot read stops the start, naming it, instead of failing every signature.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const [HTTP_PORT = 0, SMTP_PORT = 0] = freePorts(2);
const dir = mkdtempSync(join(tmpdir(), "tracewell-seal-rotation-"));
const dataDir = join(dir, "data");
const base = `http://127.0.0.1:${HTTP_PORT}`;
const send = sender(base);
const smtp = smtpServer(SMTP_PORT);
const CERTIFICATE = join(dataDir, "sealing-certificate.p12.enc");
const SETTINGS = {
  PUBLIC_URL: base,
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  ADMIN_USERNAME: USER,
  ADMIN_PASSWORD: PASSWORD,
  REQUIRE_MFA: "false",
  TRUST_PROXY: "1",
  LOG_LEVEL: "warn",
  ...FIRM_TERMS,
};
let server: StartedBinary | undefined;

afterAll(async () => {
  await server?.stop();
  killStarted();
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

const generateKey = async () => (await runBinary(["keys", "generate"])).stdout.trim();
const start = (dataKey: string) =>
  startBinary({ dataDir, port: HTTP_PORT, env: { ...SETTINGS, DATA_KEY: dataKey } });
/** How a start with `dataKey` ended: its refusal (the error naming its exit and stderr), or "started". */
const startRefused = (dataKey: string) =>
  start(dataKey).then(
    async (started) => {
      await started.stop();
      return "started";
    },
    (error: Error) => error.message,
  );
const runWithKey = (args: string[], dataKey: string) =>
  runBinary(args, { env: binaryEnv(dataDir, HTTP_PORT, { ...SETTINGS, DATA_KEY: dataKey }) });

/** A request filed, its letter sent by staff, and signed by the client: the answer to the signature and the PDF. */
async function signLetter(clientEmail: string) {
  expect((await send("/api/contact", { body: validIntake(new Date(), { email: clientEmail }) })).status).toBe(
    201,
  );
  const admin = cookieFrom(await send("/api/admin/login", { body: { username: USER, password: PASSWORD } }));
  const listed = (await (
    await send(`/api/admin/submissions?q=${encodeURIComponent(clientEmail)}`, { cookie: admin })
  ).json()) as { items: { id: number }[] };
  const id = listed.items[0]?.id;
  const draft = {
    scope: "A sourced map of real property and entities in Cook County.",
    feeCents: 150_000,
    feeKind: "flat",
    turnaroundBusinessDays: 7,
    expedite: false,
  };
  const put = await send(`/api/admin/submissions/${id}/engagement`, {
    method: "PUT",
    body: draft,
    cookie: admin,
  });
  expect(put.status).toBe(200);
  expect(
    (await send(`/api/admin/submissions/${id}/engagement/send`, { body: {}, cookie: admin })).status,
  ).toBe(200);
  const token = await smtp.waitFor(`the letter's mail to ${clientEmail}`, (m) => {
    const to = m.to && "text" in m.to ? m.to.text : "";
    return to.includes(clientEmail) ? m.text?.match(/portal#token=([A-Za-z0-9_-]+)/)?.[1] : undefined;
  });
  const client = cookieFrom(await send("/api/portal/session", { body: { token } }));
  expect((await send("/api/portal/consent", { body: { consent: true }, cookie: client })).status).toBe(200);
  const presented = await send("/api/portal/letter.pdf", { cookie: client });
  const letterSha256 = sha(new Uint8Array(await presented.arrayBuffer()));
  const signed = await send("/api/portal/sign", {
    body: { fullName: "Dana Whitfield", agree: true, letterSha256 },
    cookie: client,
  });
  const status = signed.status;
  const body = await signed.text();
  if (status !== 200) return { status, body, pdf: new Uint8Array() };
  const pdf = new Uint8Array(await (await send("/api/portal/letter.pdf", { cookie: client })).arrayBuffer());
  return { status, body, pdf };
}

describe("the sealing certificate and the data key", () => {
  let keyA = "";
  let keyB = "";
  const certificateUnderA = join(dir, "certificate-under-a");

  test("after keys rotate and a restart with the new key alone, a letter is still sealed", async () => {
    await smtp.listen();
    [keyA, keyB] = [await generateKey(), await generateKey()];

    server = await start(keyA);
    const first = await signLetter("dana@whitfieldmoss.example");
    expect(first.status).toBe(200);
    expect(pdfsig(first.pdf)).toContain("Signature is Valid.");
    expect(await server.stop()).toBe(0);
    server = undefined;
    copyFileSync(CERTIFICATE, certificateUnderA);

    const rotated = await runWithKey(["keys", "rotate"], `${keyB},${keyA}`);
    expect({ code: rotated.code, stderr: rotated.stderr }).toEqual({ code: 0, stderr: "" });
    expect(rotated.stdout).toContain("are no longer needed");

    server = await start(keyB);
    const second = await signLetter("lee@harrowgate.example");
    expect({ status: second.status, body: second.status === 200 ? "" : second.body }).toEqual({
      status: 200,
      body: "",
    });
    expect(pdfsig(second.pdf)).toContain("Signature is Valid.");
    expect(await server.stop()).toBe(0);
    server = undefined;
  });

  test("a certificate the configured key cannot read stops the start, naming it, and nothing changes", async () => {
    await server?.stop();
    server = undefined;
    // As a rotation by an earlier version left it: every value under the new key, the certificate under the old.
    copyFileSync(certificateUnderA, CERTIFICATE);
    const before = readFileSync(CERTIFICATE);
    const refusal = await startRefused(keyB);
    expect(refusal).toMatch(/exited with 1 while starting[\s\S]*sealing certificate/);
    expect(refusal).toContain("DATA_KEY");
    expect(refusal).toContain("keys rotate");
    expect(readFileSync(CERTIFICATE)).toEqual(before);

    expect(await startRefused(await generateKey())).toMatch(/exited with 1 while starting[\s\S]*DATA_KEY/);

    // The way out the refusal names: both keys, rotate, then the new key alone.
    const rotated = await runWithKey(["keys", "rotate"], `${keyB},${keyA}`);
    expect({ code: rotated.code, stderr: rotated.stderr }).toEqual({ code: 0, stderr: "" });
    server = await start(keyB);
    const third = await signLetter("sam@okafor-legal.example");
    expect(third.status).toBe(200);
    expect(pdfsig(third.pdf)).toContain("Signature is Valid.");
    expect(await server.stop()).toBe(0);
    server = undefined;
  });
});
