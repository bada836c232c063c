import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { PASSKEY_ALGORITHMS, PASSKEY_CHALLENGE_MS } from "../model";
import type { StoredCredential } from "../repo/credentials";
import { randomBytes, type relyingParty, webauthn } from "./webauthn";

/**
 * The passkey ceremonies staff passkeys (ADRs 260, 261) and client passkeys (ADR 299) both run, written once
 * (ADR 305), with the WebAuthn library: user verification required, the same algorithms, no attestation. Their
 * rows and challenges are repo/credentials.ts's, over tables each kind keeps apart.
 */

/** A credential the browser's `create()` answered, checked: what a passkeys table stores of it. */
export type NewCredential = {
  credentialId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  backupEligible: boolean;
  backedUp: boolean;
};

/**
 * The ceremonies with the WebAuthn library (loaded at the first one), for the relying party PUBLIC_URL names:
 * the options the browser's `create()` and `get()` take, and the checks of their answers against the challenge
 * sent. User verification is required both ways; a refused answer is null, never a throw.
 */
export function passkeyCeremony(rp: ReturnType<typeof relyingParty>) {
  return {
    /** `user.handle` names the account or the engagement (never the person); `exclude`: credentials it has. */
    async registrationOptions(
      user: { name: string; displayName?: string; handle: string },
      exclude: readonly { credentialId: string; transports: string[] }[],
    ) {
      const { generateRegistrationOptions } = await webauthn();
      return generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.name,
        ...(user.displayName ? { userDisplayName: user.displayName } : {}),
        userID: new TextEncoder().encode(user.handle),
        challenge: randomBytes(),
        timeout: PASSKEY_CHALLENGE_MS,
        attestationType: "none",
        excludeCredentials: exclude.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
        authenticatorSelection: {
          residentKey: "required",
          requireResidentKey: true,
          userVerification: "required",
        },
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      });
    },

    /** The browser's answer to `create()`, checked against `challenge`: the new credential, or null. */
    async verifyRegistration(response: unknown, challenge: string): Promise<NewCredential | null> {
      const { verifyRegistrationResponse } = await webauthn();
      const verified = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      }).catch(() => null);
      if (!verified?.verified) return null;
      const info = verified.registrationInfo;
      return {
        credentialId: info.credential.id,
        publicKey: info.credential.publicKey,
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        backupEligible: info.credentialDeviceType === "multiDevice",
        backedUp: info.credentialBackedUp,
      };
    },

    /** The options for `get()`: no account named (a discoverable passkey says whose it is). */
    async authenticationOptions() {
      const { generateAuthenticationOptions } = await webauthn();
      return generateAuthenticationOptions({
        rpID: rp.id,
        challenge: randomBytes(),
        timeout: PASSKEY_CHALLENGE_MS,
        userVerification: "required",
      });
    },

    /**
     * The browser's answer to `get()`, checked against `challenge` and the stored credential: the new counter and
     * backup state, or null. The counter is not compared here: `recordUse` does it in the statement that stores
     * the new one.
     */
    async verifyAuthentication(
      response: AuthenticationResponseJSON,
      challenge: string,
      credential: Pick<StoredCredential, "credentialId" | "publicKey">,
    ): Promise<{ newCounter: number; backedUp: boolean } | null> {
      const { verifyAuthenticationResponse } = await webauthn();
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: { id: credential.credentialId, publicKey: credential.publicKey, counter: 0 },
        requireUserVerification: true,
      }).catch(() => null);
      if (!verified?.verified) return null;
      const { newCounter, credentialBackedUp } = verified.authenticationInfo;
      return { newCounter, backedUp: credentialBackedUp };
    },
  };
}

export type PasskeyCeremony = ReturnType<typeof passkeyCeremony>;
