import { Secret, TOTP } from "otpauth";
import { sha256 } from "../../../lib/hash";
import { RECOVERY_CODE_COUNT } from "../model";

/**
 * Time-based one-time passwords (RFC 6238: SHA-1, 6 digits, 30 s, the settings every authenticator app
 * reads) and one-time recovery codes. A code is accepted one step either side of now for clock drift, and
 * never twice: the caller stores the last accepted step and refuses anything at or before it.
 */
const PERIOD = 30;

const totp = (secret: string, issuer: string, label: string) =>
  new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export async function enrolmentFor(secret: string, issuer: string, username: string) {
  const otpauthUri = totp(secret, issuer, username).toString();
  // An SVG of plain <path>s with presentation attributes: shown through <img src="data:...">, no inline style.
  // qrcode is loaded when someone enrols, not at the start (ADR 236).
  const { default: QRCode } = await import("qrcode");
  const qrSvg = await QRCode.toString(otpauthUri, {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
    color: { dark: "#0f1f3a", light: "#ffffff" },
  });
  return { secret, otpauthUri, qrSvg };
}

/** The time step the code belongs to, or null when it is not valid now. */
export function verifyTotp(secret: string, code: string, at: Date): number | null {
  const delta = totp(secret, "", "").validate({ token: code, timestamp: at.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / PERIOD) + delta;
}

// 32 symbols (no 0/o, 1/l), so a byte maps to one without bias.
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** Fresh recovery codes as shown to the admin ("abcde-23456"). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = crypto.getRandomValues(new Uint8Array(10));
    const chars = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Codes are compared by the hash of their normalised form (no hyphen, lower case). */
export function hashRecoveryCode(code: string): string {
  return sha256(code.replace(/[\s-]+/g, "").toLowerCase());
}
