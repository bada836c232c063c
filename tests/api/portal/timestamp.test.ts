import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signIn, withCookie } from "../../helpers/admin";
import { DESK_OWNER, makeTestApp, NEW_YORK_DESK } from "../../helpers/app";
import { pdfText } from "../../helpers/pdf-text";
import { pdfsig } from "../../helpers/pdfsig";
import { portalClient } from "../../helpers/portal-client";

setDefaultTimeout(90_000);

/**
 * The seal's trusted timestamp (issue 47, ADR 298): with TSA_URL set, the sealed letter carries an RFC 3161 token
 * from that authority over its signature (PAdES B-T); pdfsig still reports the seal valid and `openssl ts
 * -verify` accepts the token. The authority is made here with `openssl ts`, behind a small HTTP server: no
 * network. An authority that does not answer leaves a seal without a timestamp, and a certificate that says so.
 */
const forge: typeof import("node-forge") = require("node-forge");
type Asn1 = import("node-forge").asn1.Asn1;

const dir = mkdtempSync(join(tmpdir(), "tracewell-tsa-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const sh = (...cmd: string[]) => {
  const run = Bun.spawnSync(cmd, { cwd: dir });
  if (run.exitCode !== 0) throw new Error(`${cmd.join(" ")}: ${run.stderr.toString()}`);
  return run.stdout.toString();
};

// A root, and a time-stamping certificate it issued (extendedKeyUsage critical timeStamping, as RFC 3161 asks).
sh(
  "openssl",
  "req",
  "-x509",
  "-newkey",
  "rsa:2048",
  "-nodes",
  "-keyout",
  "ca.key",
  "-out",
  "ca.crt",
  "-subj",
  "/CN=Test Time Root",
  "-days",
  "30",
  "-addext",
  "basicConstraints=critical,CA:TRUE",
  "-addext",
  "keyUsage=critical,keyCertSign,cRLSign",
);
sh(
  "openssl",
  "req",
  "-newkey",
  "rsa:2048",
  "-nodes",
  "-keyout",
  "tsa.key",
  "-out",
  "tsa.csr",
  "-subj",
  "/CN=Test Time-Stamping Authority",
);
writeFileSync(
  join(dir, "tsa-ext.cnf"),
  "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n",
);
sh(
  "openssl",
  "x509",
  "-req",
  "-in",
  "tsa.csr",
  "-CA",
  "ca.crt",
  "-CAkey",
  "ca.key",
  "-CAcreateserial",
  "-out",
  "tsa.crt",
  "-days",
  "30",
  "-extfile",
  "tsa-ext.cnf",
);
writeFileSync(join(dir, "tsaserial"), "01\n");
writeFileSync(
  join(dir, "tsa.cnf"),
  `[ tsa ]
default_tsa = tsa_config1
[ tsa_config1 ]
dir = ${dir}
serial = ${dir}/tsaserial
crypto_device = builtin
signer_cert = ${dir}/tsa.crt
certs = ${dir}/ca.crt
signer_key = ${dir}/tsa.key
signer_digest = sha256
default_policy = 1.2.3.4.1
other_policies = 1.2.3.4.5
digests = sha256
accuracy = secs:1
ordering = yes
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`,
);

let asked = 0;
const authority = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(request) {
    if (request.headers.get("content-type") !== "application/timestamp-query")
      return new Response("query expected", { status: 415 });
    asked++;
    writeFileSync(join(dir, "q.tsq"), new Uint8Array(await request.arrayBuffer()));
    sh("openssl", "ts", "-reply", "-config", "tsa.cnf", "-queryfile", "q.tsq", "-out", "r.tsr");
    return new Response(readFileSync(join(dir, "r.tsr")), {
      headers: { "content-type": "application/timestamp-reply" },
    });
  },
});
afterAll(() => authority.stop(true));
const TSA_URL = `http://127.0.0.1:${authority.port}/tsa`;

/** The CMS signature a sealed PDF carries: its /Contents, without the placeholder's padding. */
function cmsOf(pdf: Uint8Array): Asn1 {
  const text = Buffer.from(pdf).toString("latin1");
  const hex = /\/Contents\s*<([0-9a-fA-F]+)>/.exec(text.slice(text.lastIndexOf("/ByteRange")))?.[1] ?? "";
  const der = Buffer.from(hex, "hex");
  // The placeholder's zeros follow the DER: parsed with parseAllBytes off (forge's types know only `strict`).
  const options = { parseAllBytes: false } as unknown as boolean;
  return forge.asn1.fromDer(forge.util.createBuffer(der.toString("binary")), options);
}
const parts = (a: Asn1) => a.value as Asn1[];

/** The token and the signature value it covers, out of the seal. */
function tokenOf(pdf: Uint8Array): { token: Buffer; signature: Buffer } | null {
  const signedData = parts(parts(cmsOf(pdf))[1] as Asn1)[0] as Asn1;
  const signerInfo = parts(parts(signedData).at(-1) as Asn1)[0] as Asn1;
  const fields = parts(signerInfo);
  const signature = fields.find((f) => f.tagClass === 0 && f.type === forge.asn1.Type.OCTETSTRING);
  const unsigned = fields.find((f) => f.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && f.type === 1);
  if (!signature || !unsigned) return null;
  const attribute = parts(unsigned).find(
    (a) => forge.asn1.derToOid(parts(a)[0]?.value as string) === "1.2.840.113549.1.9.16.2.14",
  );
  const token = attribute ? parts(parts(attribute)[1] as Asn1)[0] : undefined;
  if (!token) return null;
  return {
    token: Buffer.from(forge.asn1.toDer(token).getBytes(), "binary"),
    signature: Buffer.from(signature.value as string, "binary"),
  };
}

const clock = { at: new Date("2026-11-16T15:00:00.000Z") };

async function signedLetter(env: Record<string, string>) {
  const t = makeTestApp({ ...NEW_YORK_DESK, TRUST_PROXY: "1", ...env }, { now: () => clock.at });
  const owner = await signIn(t.request, DESK_OWNER.username, DESK_OWNER.password);
  return { t, owner };
}

describe("the seal's trusted timestamp", () => {
  const withAuthority = signedLetter({ TSA_URL });
  test("with TSA_URL, the sealed letter carries the authority's token: pdfsig valid, openssl ts -verify OK", async () => {
    const { t, owner } = await withAuthority;
    const client = await portalClient(t, clock.at, owner, { email: "dana@whitfieldmoss.example" });
    expect(asked).toBe(1);
    const pdf = new Uint8Array(
      await (
        await t.request(
          `/api/admin/submissions/${client.submission.id}/engagement/letter.pdf`,
          withCookie(owner),
        )
      ).arrayBuffer(),
    );
    expect(pdfsig(pdf)).toContain("Signature Validation: Signature is Valid.");
    const found = tokenOf(pdf);
    expect(found).not.toBeNull();
    writeFileSync(join(dir, "token.der"), found?.token ?? Buffer.alloc(0));
    writeFileSync(join(dir, "signature.bin"), found?.signature ?? Buffer.alloc(0));
    const verified = sh(
      "openssl",
      "ts",
      "-verify",
      "-in",
      "token.der",
      "-token_in",
      "-data",
      "signature.bin",
      "-CAfile",
      "ca.crt",
      "-untrusted",
      "tsa.crt",
    );
    expect(verified).toContain("Verification: OK");
    const text = pdfText(pdf).replace(/\s+/g, " ");
    expect(text).toContain(`Timestamp: an RFC 3161 timestamp from the time-stamping authority at ${TSA_URL}`);
  });

  const withoutAnswer = signedLetter({ TSA_URL: "http://127.0.0.1:9/tsa" });
  test("an authority that does not answer: sealed all the same, and the certificate says it gave none", async () => {
    const { t, owner } = await withoutAnswer;
    const client = await portalClient(t, clock.at, owner, { email: "harlan@reyes.example" });
    const pdf = new Uint8Array(
      await (
        await t.request(
          `/api/admin/submissions/${client.submission.id}/engagement/letter.pdf`,
          withCookie(owner),
        )
      ).arrayBuffer(),
    );
    expect(pdfsig(pdf)).toContain("Signature Validation: Signature is Valid.");
    expect(tokenOf(pdf)).toBeNull();
    const text = pdfText(pdf).replace(/\s+/g, " ");
    expect(text).toContain(
      "Timestamp: none: the time-stamping authority at http://127.0.0.1:9/tsa gave none",
    );
  });
});
