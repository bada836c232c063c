import type * as SimpleWebAuthnServer from "@simplewebauthn/server";

/**
 * The WebAuthn library (ADR 260), loaded at the first passkey ceremony rather than at the start (ADR 236): most
 * starts and most requests never need it.
 */
let loading: Promise<typeof SimpleWebAuthnServer> | undefined;
export const webauthn = () => {
  // Its certificate checks (@peculiar/x509, through tsyringe) need the Reflect metadata polyfill in place
  // before they are evaluated. The library imports it itself, but the executable's bundle evaluates its modules
  // lazily and in another order, where tsyringe came first and threw: it is loaded, whole, beforehand.
  loading ??= import("reflect-metadata").then(() => import("@simplewebauthn/server"));
  return loading;
};

/**
 * The relying party is the site as PUBLIC_URL names it: its host is the id passkeys are bound to, its origin
 * the only one a response may come from. A passkey made for a look-alike domain names that domain and is refused.
 */
export function relyingParty(publicUrl: string, name: string) {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name };
}

/** 256 random bits: a challenge (the library sends it as base64url) or a cookie's id. */
export const randomBytes = () => crypto.getRandomValues(new Uint8Array(32));

/** The challenge a response's clientDataJSON signs, or null when it cannot be read. */
export function challengeIn(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const client = JSON.parse(Buffer.from(response.response.clientDataJSON, "base64url").toString("utf8"));
    return typeof client?.challenge === "string" ? client.challenge : null;
  } catch {
    return null;
  }
}
