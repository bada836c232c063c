import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { LoginResult, PasskeyList, PasskeyView } from "../../../contracts/admin-auth";
import {
  ConflictError,
  type FieldMessages,
  InvalidError,
  NotFoundError,
  UnauthorizedError,
} from "../../../contracts/errors";
import { sha256 } from "../../../lib/hash";
import { hashRecoveryCode, verifyTotp } from "../lib/mfa";
import { passkeyCeremony } from "../lib/passkey-ceremony";
import { verifyPassword } from "../lib/passwords";
import { sessionCookie } from "../lib/session-cookie";
import { challengeIn, randomBytes, relyingParty } from "../lib/webauthn";
import {
  MESSAGES,
  PASSKEY_CHALLENGE_MS,
  type PasskeyAddInput,
  type PasskeyProofInput,
  passkeyCookieName,
} from "../model";
import { type Passkey, passkeysRepo } from "../repo/passkeys";
import { claimTotpStep, consumeRecoveryCode, findUserById } from "../repo/users";
import type { AuthCore, SessionStep } from "./core";
import type { Session } from "./sessions";

const view = (p: Passkey): PasskeyView => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt,
  lastUsedAt: p.lastUsedAt,
  synced: p.backedUp,
});

/**
 * Passkeys (ADRs 260 and 261): adding one on the account, after the second factor the account has now (or its
 * password when it has none), listing and removing them; and signing in with one alone. A passkey with user
 * verification is both factors at once, so its sign-in opens a full session where two-step sign-in is required.
 * Every check of a secret, a passkey's included, goes through the one sign-in throttle.
 */
export function passkeysService(core: AuthCore) {
  const { store, config, now, sessions, audit, signedIn, signInFailed, attempt, accountOf } = core;
  const repo = passkeysRepo(store);
  const ceremony = passkeyCeremony(relyingParty(config.publicUrl, config.brand.name));
  const challengeCookie = sessionCookie({
    secrets: core.secrets,
    secure: config.secure,
    name: passkeyCookieName(config.secure),
  });
  const expiry = () => new Date(now().getTime() + PASSKEY_CHALLENGE_MS).toISOString();

  /** The step-up before a new passkey: the factor the account has, checked as at sign-in (a code once only). */
  async function checkProof(
    user: NonNullable<ReturnType<typeof findUserById>>,
    proof: PasskeyProofInput,
  ): Promise<FieldMessages | null> {
    if (user.totpSecret) {
      if ("code" in proof) {
        const step = verifyTotp(user.totpSecret, proof.code, now());
        return step !== null && claimTotpStep(store, user.id, step) ? null : { code: [MESSAGES.invalidCode] };
      }
      if ("recoveryCode" in proof)
        return consumeRecoveryCode(store, user.id, hashRecoveryCode(proof.recoveryCode), now())
          ? null
          : { recoveryCode: [MESSAGES.invalidCode] };
      return { code: [MESSAGES.passkeyProofNeedsCode] };
    }
    if (!("password" in proof)) return { password: [MESSAGES.passkeyProofNeedsPassword] };
    return (await verifyPassword(proof.password, user.passwordHash, config.passwordCost))
      ? null
      : { password: [MESSAGES.currentPasswordWrong] };
  }

  return {
    listPasskeys(session: Session): PasskeyList {
      const user = accountOf(session);
      return { proof: user.totpSecret ? "code" : "password", passkeys: repo.ofUser(user.id).map(view) };
    },

    /** The options for the browser's `create()`, once the account's factor is shown; the challenge waits on this session. */
    async registrationOptions(session: Session, proof: PasskeyProofInput, address: string) {
      const tries = attempt(session.username, address);
      const user = accountOf(session);
      const refused = await checkProof(user, proof);
      if (refused) {
        audit("passkey.add_refused", user, address, { reason: Object.keys(refused)[0] ?? "proof" });
        throw new InvalidError(refused);
      }
      tries.succeeded();
      // The user handle names the account, never the person; a new key for the same account on the same
      // authenticator replaces the old one there, which excluding the account's credentials asks it to avoid.
      const options = await ceremony.registrationOptions(
        { name: user.username, handle: `admin:${user.id}` },
        repo.ofUser(user.id),
      );
      repo.putChallenge({
        purpose: "register",
        keyHash: session.idHash,
        challenge: options.challenge,
        userId: user.id,
        now: now().toISOString(),
        expiresAt: expiry(),
      });
      return options;
    },

    /** Checks the browser's answer against this session's challenge and stores the new passkey. */
    async addPasskey(session: Session, { name, response }: PasskeyAddInput, address: string) {
      const user = accountOf(session);
      const pending = repo.claimChallenge("register", session.idHash, now().toISOString());
      if (!pending || pending.expired || pending.userId !== user.id)
        throw new ConflictError(MESSAGES.passkeyAddExpired);
      const credential = await ceremony.verifyRegistration(response, pending.challenge);
      if (!credential) {
        audit("passkey.add_refused", user, address, { reason: "response_refused" });
        throw new InvalidError({ passkey: [MESSAGES.passkeyNotAdded] });
      }
      const passkey = { userId: user.id, ...credential, name, createdAt: now().toISOString() };
      const id = repo.insert(passkey);
      if (id === null) throw new ConflictError(MESSAGES.passkeyAlreadyAdded);
      // This session has just shown the new passkey, unlocked: it counts as signed in with a second factor, as
      // after setting up the app. The admin's sessions signed in with the password alone end (ADR 272).
      sessions.recordSecondFactor(session.idHash);
      audit("passkey.added", user, address, { passkeyId: id, synced: passkey.backedUp });
      return { passkey: view({ ...passkey, id, lastUsedAt: null }) };
    },

    removePasskey(session: Session, id: number | null, address: string): { ok: true } {
      const user = accountOf(session);
      if (id === null || !repo.remove(user.id, id)) throw new NotFoundError(MESSAGES.passkeyNotFound);
      audit("passkey.removed", user, address, { passkeyId: id });
      return { ok: true };
    },

    /**
     * The options for the browser's `get()`: no account named (a discoverable passkey says whose it is), and a
     * challenge bound to this browser by a signed cookie of its own.
     */
    async passkeySignInOptions(): Promise<SessionStep<unknown>> {
      const id = Buffer.from(randomBytes()).toString("base64url");
      const options = await ceremony.authenticationOptions();
      repo.putChallenge({
        purpose: "sign_in",
        keyHash: sha256(id),
        challenge: options.challenge,
        userId: null,
        now: now().toISOString(),
        expiresAt: expiry(),
      });
      return { result: options, setCookie: await challengeCookie.seal(id, PASSKEY_CHALLENGE_MS) };
    },

    /** Signs in with a passkey alone: both factors at once, so a full session even where two-step is required. */
    async signInWithPasskey(
      body: { response: unknown },
      cookieHeader: string | null,
      address: string,
      current: Session | null,
    ): Promise<SessionStep<LoginResult>> {
      const response = body.response as AuthenticationResponseJSON;
      const passkey = repo.byCredentialId(response.id);
      const user = passkey && findUserById(store, passkey.userId);
      // Counted before anything is checked, against the account the passkey names (with its password sign-ins)
      // and the address; a passkey naming no account counts for the address alone.
      const tries = attempt(user?.username ?? null, address);

      const cookieId = await challengeCookie.idIn(cookieHeader);
      const pending = cookieId ? repo.claimChallenge("sign_in", sha256(cookieId), now().toISOString()) : null;
      if (!pending || pending.expired || challengeIn(response) !== pending.challenge) {
        signInFailed(user, user?.username ?? null, address, { reason: "passkey_challenge_expired" });
        throw new UnauthorizedError(MESSAGES.passkeySignInExpired);
      }
      if (!passkey || !user) {
        signInFailed(null, null, address, { reason: "unknown_passkey" });
        throw new UnauthorizedError(MESSAGES.passkeyRefused);
      }
      const verified = await ceremony.verifyAuthentication(response, pending.challenge, passkey);
      if (!verified) {
        signInFailed(user, user?.username ?? null, address, {
          reason: "passkey_refused",
          passkeyId: passkey.id,
        });
        throw new UnauthorizedError(MESSAGES.passkeyRefused);
      }
      // The counter is checked here, in the same statement that stores the new one.
      if (!repo.recordUse(passkey.id, verified.newCounter, verified.backedUp, now().toISOString())) {
        signInFailed(user, user?.username ?? null, address, {
          reason: "passkey_counter_regressed",
          passkeyId: passkey.id,
        });
        throw new UnauthorizedError(MESSAGES.passkeyRefused);
      }
      tries.succeeded();
      if (current) sessions.revoke(current.idHash);
      // A passkey with user verification is something held and something known or been: stored at the level of
      // the password and a code, which is what the guard's rule asks of a full session.
      const { setCookie } = await sessions.create(user.id, "active", "password+mfa");
      signedIn(user, address, { mfa: "passkey", passkeyId: passkey.id });
      return { result: { username: user.username }, setCookie };
    },
  };
}
