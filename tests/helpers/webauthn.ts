import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
} from "node:crypto";

/**
 * A software authenticator for API tests: an ES256 key and the bytes a browser and an authenticator send for
 * `navigator.credentials.create()` and `.get()` (WebAuthn Level 3, sections 6.1 and 5.8.1), built by hand so the
 * server's checks (origin, relying party, flags, counter, signature) meet real responses.
 */

type CborValue =
  | number
  | string
  | Uint8Array
  | CborValue[]
  | Map<CborValue, CborValue>
  | { [k: string]: CborValue };

/** The few CBOR major types a COSE key and an attestation object use (RFC 8949). */
function cbor(value: CborValue): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest();

export const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;

export type SoftAuthenticator = {
  credentialId: string;
  /** The counter the next assertion reports; tests may set it back to replay a cloned key. */
  counter: number;
  register(opts: { challenge: string; origin: string; rpId: string; flags?: number }): unknown;
  assert(opts: {
    challenge: string;
    origin: string;
    rpId: string;
    flags?: number;
    userHandle?: string;
  }): unknown;
};

/** A new credential on a new key. `backupEligible` makes it a synced passkey (BE and BS set). */
export function softAuthenticator(opts: { backupEligible?: boolean } = {}): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" }) as { x: string; y: string };
  const cose = cbor(
    new Map<CborValue, CborValue>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x, "base64url")],
      [-3, Buffer.from(jwk.y, "base64url")],
    ]),
  );
  const rawId = randomBytes(16);
  const backup = opts.backupEligible ? FLAGS.BE | FLAGS.BS : 0;
  const key: KeyObject = createPrivateKey(privateKey.export({ format: "pem", type: "pkcs8" }));

  const authData = (rpId: string, flags: number, counter: number, attested?: Buffer) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  };
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  const auth: SoftAuthenticator = {
    credentialId: b64url(rawId),
    counter: 1,
    register({ challenge, origin, rpId, flags = FLAGS.UP | FLAGS.UV | backup }) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, rawId, cose]);
      const data = authData(rpId, flags | FLAGS.AT, 0, attested);
      return {
        id: auth.credentialId,
        rawId: auth.credentialId,
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", challenge, origin)),
          attestationObject: b64url(cbor({ fmt: "none", attStmt: {}, authData: data })),
          transports: ["internal", "hybrid"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    assert({ challenge, origin, rpId, flags = FLAGS.UP | FLAGS.UV | backup, userHandle }) {
      const data = authData(rpId, flags, auth.counter++);
      const json = clientData("webauthn.get", challenge, origin);
      const signature = sign("sha256", Buffer.concat([data, sha256(json)]), key);
      return {
        id: auth.credentialId,
        rawId: auth.credentialId,
        type: "public-key",
        response: {
          clientDataJSON: b64url(json),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          ...(userHandle ? { userHandle } : {}),
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
  return auth;
}
