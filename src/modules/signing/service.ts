import { generateKeyPairSync } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { spanOfDays } from "../../contracts/firm-calendar";
import { type DataCipher, SEALING_CERTIFICATE_FILE } from "../../db/cipher";
import { writeFileAtomically } from "../../db/encrypted-files";

/** The firm's sealing certificate as a PKCS#12 file and its passphrase. */
export type SealingCertificate = { p12: Buffer; passphrase: string };

/**
 * Listed with the data folder's encrypted files (ENCRYPTED_FILES), so `keys rotate` re-encrypts it and a start
 * whose keys cannot read it refuses, as for every stored personal value.
 */
export const GENERATED_CERTIFICATE_FILE = SEALING_CERTIFICATE_FILE;
/**
 * The generated file is protected by the data key (the whole PKCS#12 is encrypted with it), so its own
 * passphrase adds nothing and is fixed.
 */
const GENERATED_PASSPHRASE = "sealed-by-data-key";

/**
 * The certificate that seals signed letters: SIGNING_P12 (with SIGNING_P12_PASSPHRASE) when the firm has one
 * from a certificate authority; otherwise a self-signed one made at the first start and kept in DATA_DIR,
 * encrypted with the data key like every personal value (a copied data folder without the key cannot seal).
 */
export function loadSealingCertificate(opts: {
  dataDir: string;
  p12Path: string | undefined;
  passphrase: string | undefined;
  cipher: DataCipher;
  firmName: string;
}): SealingCertificate {
  if (opts.p12Path) return { p12: readFileSync(opts.p12Path), passphrase: opts.passphrase ?? "" };
  const file = join(opts.dataDir, GENERATED_CERTIFICATE_FILE);
  if (existsSync(file)) {
    const p12 = Buffer.from(opts.cipher.decrypt(readFileSync(file, "utf8")), "base64");
    return { p12, passphrase: GENERATED_PASSPHRASE };
  }
  const p12 = selfSignedP12(opts.firmName, GENERATED_PASSPHRASE);
  writeFileAtomically(file, opts.cipher.encrypt(p12.toString("base64")));
  return { p12, passphrase: GENERATED_PASSPHRASE };
}

/** A 2048-bit RSA key and a ten-year self-signed certificate naming the firm, as PKCS#12 (DER). */
export function selfSignedP12(firmName: string, passphrase: string): Buffer {
  // Loaded only for the first start of a data folder, not at every start (ADR 236).
  const forge: typeof import("node-forge") = require("node-forge");
  // The key comes from node:crypto: node-forge's pure-JS prime search blocks the event loop for seconds on a busy
  // machine (a start that generates the seal stalled mail and requests behind it); native takes milliseconds.
  const pair = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const keys = {
    publicKey: forge.pki.publicKeyFromPem(pair.publicKey),
    privateKey: forge.pki.privateKeyFromPem(pair.privateKey),
  };
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${forge.util.bytesToHex(forge.random.getBytesSync(15))}`;
  const now = new Date();
  cert.validity.notBefore = now;
  cert.validity.notAfter = new Date(now.getTime() + spanOfDays(10 * 365));
  const subject = [
    { name: "commonName", value: `${firmName} document seal` },
    { name: "organizationName", value: firmName },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], passphrase, { algorithm: "3des" });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
}
