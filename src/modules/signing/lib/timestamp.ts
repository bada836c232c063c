import { createHash, randomInt } from "node:crypto";

// Required, not imported: the bundled binary sees node-forge's CommonJS module without a default export.
const forge: typeof import("node-forge") = require("node-forge");
type Asn1 = import("node-forge").asn1.Asn1;

/** The CMS unsigned attribute that carries an RFC 3161 timestamp token over the signature (id-aa-timeStampToken). */
export const TIMESTAMP_TOKEN_OID = "1.2.840.113549.1.9.16.2.14";
const SHA256_OID = "2.16.840.1.101.3.4.2.1";
const TST_INFO_OID = "1.2.840.113549.1.9.16.1.4";

/** A timestamp the authority refused or could not give: the seal then goes without one, and says so. */
export class TimestampError extends Error {}

const { asn1 } = forge;
/** The `i`th part of a constructed value (from the end when negative); a shape not as expected is refused. */
function part(a: Asn1 | undefined, i: number): Asn1 {
  const parts = a && Array.isArray(a.value) ? (a.value as Asn1[]) : [];
  const found = parts.at(i);
  if (!found) throw new TimestampError("an RFC 3161 structure is not as expected");
  return found;
}
const seq = (value: Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, value);
const der = (a: Asn1) => Buffer.from(asn1.toDer(a).getBytes(), "binary");
const fromDer = (bytes: Uint8Array) =>
  asn1.fromDer(forge.util.createBuffer(Buffer.from(bytes).toString("binary")));

/** An RFC 3161 request for a SHA-256 imprint, with a nonce, asking for the authority's certificate. */
export function timestampRequest(digest: Buffer, nonce: number): Buffer {
  return der(
    seq([
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(1).getBytes()),
      seq([
        seq([
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(SHA256_OID).getBytes()),
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, ""),
        ]),
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, digest.toString("binary")),
      ]),
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(nonce).getBytes()),
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.BOOLEAN, false, String.fromCharCode(0xff)),
    ]),
  );
}

/** The values of a token's TSTInfo this seal relies on: the imprint it covers, its nonce, its time. */
function tstInfoOf(token: Asn1): { imprint: string; nonce: string | null; genTime: Date } {
  // ContentInfo { signedData, [0] SignedData { version, digestAlgorithms, encapContentInfo { TSTInfo, [0] OCTET } } }
  const encap = part(part(part(token, 1), 0), 2);
  const type = asn1.derToOid(part(encap, 0).value as string);
  if (type !== TST_INFO_OID) throw new TimestampError("the authority's token holds no TSTInfo");
  // The OCTET STRING holds the TSTInfo's DER.
  const info = asn1.fromDer(part(part(encap, 1), 0).value as string);
  const imprint = part(part(info, 2), 1).value as string;
  const genTime = asn1.generalizedTimeToDate(part(info, 4).value as string);
  const nonce =
    (info.value as Asn1[]).find(
      (a, i) => i > 4 && a.tagClass === asn1.Class.UNIVERSAL && a.type === asn1.Type.INTEGER,
    )?.value ?? null;
  return { imprint, nonce: typeof nonce === "string" ? nonce : null, genTime };
}

/**
 * Asks the authority at `url` for a timestamp over `data` (SHA-256): answers the token's DER and its time, once
 * the reply is granted and covers this very imprint and nonce. Anything else is a TimestampError.
 */
export async function requestTimestamp(
  url: string,
  data: Uint8Array,
  timeoutMs = 15_000,
): Promise<{ token: Buffer; genTime: Date }> {
  const digest = createHash("sha256").update(data).digest();
  const nonce = randomInt(1, 2 ** 31 - 1);
  let reply: Response;
  try {
    reply = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/timestamp-query" },
      body: new Uint8Array(timestampRequest(digest, nonce)),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new TimestampError(`the authority did not answer (${(error as Error).message})`);
  }
  if (!reply.ok) throw new TimestampError(`the authority answered ${reply.status}`);
  try {
    const response = fromDer(new Uint8Array(await reply.arrayBuffer()));
    const [status, token] = response.value as Asn1[];
    const granted = asn1.derToInteger(part(status, 0).value as string);
    if ((granted !== 0 && granted !== 1) || !token)
      throw new TimestampError(`the authority refused the request (status ${granted})`);
    const info = tstInfoOf(token);
    if (info.imprint !== digest.toString("binary"))
      throw new TimestampError("the authority's token covers another imprint");
    if (info.nonce !== null && asn1.derToInteger(info.nonce) !== nonce)
      throw new TimestampError("the authority's token answers another request");
    return { token: der(token), genTime: info.genTime };
  } catch (error) {
    if (error instanceof TimestampError) throw error;
    throw new TimestampError(`the authority's reply could not be read (${(error as Error).message})`);
  }
}

/**
 * A CMS signature (PKCS#7 SignedData, DER) with an RFC 3161 timestamp over its signature value, as PAdES B-T
 * puts it: the token as the unsigned attribute id-aa-timeStampToken of its one SignerInfo. The signed bytes are
 * untouched, so the signature stays valid; the token proves it existed at the authority's time.
 */
export async function withTimestamp(
  cms: Buffer,
  url: string,
): Promise<{ cms: Buffer; genTime: Date; token: Buffer }> {
  const contentInfo = fromDer(cms);
  const signerInfo = part(part(part(part(contentInfo, 1), 0), -1), 0);
  const fields = signerInfo.value as Asn1[];
  const signature = fields.find(
    (f) => f.tagClass === asn1.Class.UNIVERSAL && f.type === asn1.Type.OCTETSTRING,
  );
  if (!signature) throw new TimestampError("the seal has no signature value to timestamp");
  const { token, genTime } = await requestTimestamp(url, Buffer.from(signature.value as string, "binary"));
  fields.push(
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 1, true, [
      seq([
        asn1.create(
          asn1.Class.UNIVERSAL,
          asn1.Type.OID,
          false,
          asn1.oidToDer(TIMESTAMP_TOKEN_OID).getBytes(),
        ),
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, [fromDer(token)]),
      ]),
    ]),
  );
  return { cms: der(contentInfo), genTime, token };
}
