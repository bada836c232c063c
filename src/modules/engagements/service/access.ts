import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import {
  ConflictError,
  InvalidError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from "../../../contracts/errors";
import { PORTAL_MESSAGES } from "../../../contracts/portal";
import {
  type ClientPasskeyAddInput,
  type ClientPasskeyView,
  type DeskPortalAccess,
  PORTAL_ACCESS_MESSAGES,
  type PortalAccessView,
  passkeyAddressProblem,
} from "../../../contracts/portal-access";
import { sha256 } from "../../../lib/hash";
import { requireAllowed } from "../../../lib/lifecycle";
import { createRateLimiter } from "../../../lib/rate-limit";
import { type Actor, auditBy, writeAudit } from "../../audit";
import {
  challengeIn,
  PASSKEY_CHALLENGE_MS,
  passkeyCeremony,
  passkeyChallengeBytes,
  relyingParty,
} from "../../auth";
import type { Visitor } from "../model";
import { type PortalDevice, portalDevices } from "../repo/devices";
import type { EngagementRow } from "../repo/engagements";
import { type ClientPasskey, portalPasskeys } from "../repo/passkeys";
import type { SessionFound } from "../repo/sessions";
import { type EngagementCore, HOUR_MS } from "./engagement";

/** Passkey sign-ins per address and per hour: far more than a client needs, too few to try credentials. */
const PASSKEY_TRIES_PER_HOUR = 30;

/** Who ended a device when it was not staff: the words the desk's list shows. */
export const DEVICE_ENDED_BY = {
  signOut: "the client, by signing out",
  closing: "the request's closing",
  withdrawal: "the letter's withdrawal",
} as const;

const passkeyView = (p: ClientPasskey): ClientPasskeyView => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt,
  lastUsedAt: p.lastUsedAt,
});

/**
 * The client's ways back (ADR 299): a device kept signed in for 30 days and passkeys, each bound to the
 * engagement whose session made it. Every way in asks the lifecycle table as a link does ("open"), writes an
 * event of the engagement's trail and an audit entry under the client; the desk lists both and ends them.
 */
export function portalAccess(core: EngagementCore) {
  const { deps, db, repo, sessions, submissions, stateOf } = core;
  const { config, now } = deps;
  const devices = portalDevices(db);
  const passkeys = portalPasskeys(deps.store);
  const rp = relyingParty(config.publicUrl, config.brand.name);
  const ceremony = passkeyCeremony(rp);
  const passkeyTries = createRateLimiter({ limit: PASSKEY_TRIES_PER_HOUR, windowMs: HOUR_MS });
  const expiry = () => new Date(now().getTime() + PASSKEY_CHALLENGE_MS).toISOString();

  const audited = (e: EngagementRow, event: string, visitor: Visitor, at: Date) =>
    writeAudit(deps.store, {
      event,
      client: { name: submissions.byId(e.submissionId)?.name ?? "", clientAddress: visitor.ip },
      detail: { submissionId: e.submissionId },
      at,
    });

  /** The engagement a session is on, or the 401 that asks the client to open the portal again. */
  const engagementOf = (found: SessionFound | null): EngagementRow => {
    const e = found && !found.ended ? repo.byId(found.engagementId) : null;
    if (!e) throw new UnauthorizedError(PORTAL_MESSAGES.signedIn);
    return e;
  };

  /** A new session opened by a device or a passkey, with its event and audit entry, in one write. */
  const openBy = db.transaction(
    (
      e: EngagementRow,
      how: "device" | "passkey",
      visitor: Visitor,
      at: Date,
      deviceId: number | null,
      signerId: number | null,
    ) => {
      requireAllowed(stateOf(e), "open");
      // The session acts for the signer who kept the device or added the passkey, as their link did (ADR 305).
      const session = sessions.create(e.id, at, how, deviceId, signerId);
      const who = whoOf(e, signerId);
      repo.addEvent(e.id, {
        kind: how === "device" ? "device-opened" : "passkey-opened",
        at: at.toISOString(),
        ip: visitor.ip,
        userAgent: visitor.userAgent,
        detail:
          how === "device"
            ? `Opened on a browser ${who} kept signed in (device ${deviceId})`
            : `Opened with a passkey ${who} added`,
      });
      audited(
        e,
        how === "device" ? "engagement.device_returned" : "engagement.passkey_returned",
        visitor,
        at,
      );
      return session;
    },
  );

  /**
   * Who a way back belongs to, as the trail names them: "the client" while one person signs; with several, the
   * party ("Dana Whitfield (counsel)"), so the certificate counts each signer's openings as theirs.
   */
  const whoOf = (e: EngagementRow, signerId: number | null) => {
    const party = core.partyFor(e, signerId);
    return party && core.partiesOf(e).length > 1 ? core.partyName(party) : "the client";
  };
  /** The passkeys a session's signer may see and use: their own (a requester's include those made before parties). */
  const passkeysOf = (e: EngagementRow, signerId: number | null) => {
    const mine = core.partyFor(e, signerId);
    return passkeys
      .ofEngagement(e.id)
      .filter((p) => (p.signerId === null ? mine?.requester !== false : p.signerId === mine?.id));
  };

  /** Passkeys cannot be made or used at a numeric address: said in words before the browser is asked. */
  const requireNamedSite = () => {
    const problem = passkeyAddressProblem(rp.id);
    if (problem) throw new ConflictError(problem);
  };

  return {
    /**
     * Keeps this browser signed in for 30 days: a device bound to the session's engagement, the session kept
     * with it (ending the device ends it). Answers the device cookie's value and until when it works.
     */
    keepDevice(
      found: SessionFound | null,
      visitor: Visitor,
      current: string | null = null,
    ): { token: string; expiresAt: string } | null {
      const e = engagementOf(found);
      requireAllowed(stateOf(e), "open");
      const at = now();
      // This browser is kept signed in on this engagement already: the session joins that device, no second one.
      // The device is kept for the signer this session acts for (ADR 305): another signer's on this browser is not.
      const signerId = found?.signerId ?? null;
      const kept = current ? devices.find(current) : null;
      if (
        kept &&
        kept.engagementId === e.id &&
        kept.signerId === signerId &&
        !kept.endedAt &&
        kept.expiresAt > at.toISOString()
      ) {
        if (found) sessions.keepWith(found.idHash, kept.id);
        return null;
      }
      return db.transaction(() => {
        const device = devices.create(e.id, visitor.userAgent, at, signerId);
        if (found) sessions.keepWith(found.idHash, device.id);
        const who = whoOf(e, signerId);
        repo.addEvent(e.id, {
          kind: "device-kept",
          at: at.toISOString(),
          ip: visitor.ip,
          userAgent: visitor.userAgent,
          detail: `${who === "the client" ? "The client" : who} chose to keep this browser signed in until ${device.expiresAt} (device ${device.id})`,
        });
        audited(e, "engagement.device_kept", visitor, at);
        return { token: device.token, expiresAt: device.expiresAt };
      })();
    },

    /** A device kept signed in opens a new session; a device unknown, ended or expired opens nothing (401). */
    openWithDevice(token: string | null, visitor: Visitor): { session: string; engagementId: number } {
      const at = now();
      const device = token ? devices.use(token, at) : null;
      const e = device ? repo.byId(device.engagementId) : null;
      if (!device || !e) throw new UnauthorizedError(PORTAL_ACCESS_MESSAGES.noDevice);
      return { session: openBy(e, "device", visitor, at, device.id, device.signerId), engagementId: e.id };
    },

    /** Signing out on a kept device ends the device too: it opens nothing after, here or from a copy. */
    forgetDevice(token: string | null): void {
      const device = token ? devices.find(token) : null;
      if (device) devices.end(device.engagementId, device.id, DEVICE_ENDED_BY.signOut, now());
    },

    /** What the client's "Coming back" part shows: this browser's device, their passkeys, whether one can be added. */
    view(found: SessionFound | null, deviceToken: string | null): PortalAccessView {
      const e = engagementOf(found);
      const device = deviceToken ? devices.find(deviceToken) : null;
      const live =
        device && device.engagementId === e.id && !device.endedAt && device.expiresAt > now().toISOString();
      return {
        device: live ? { expiresAt: device.expiresAt } : null,
        passkeys: passkeysOf(e, found?.signerId ?? null).map(passkeyView),
        passkeyProblem:
          passkeyAddressProblem(rp.id) ??
          (found?.openedBy === "device" ? PORTAL_ACCESS_MESSAGES.passkeyNeedsLink : null),
      };
    },

    /**
     * The options for the browser's `create()`. Only a session an emailed link or a passkey opened may add one:
     * a kept device is a weaker proof, and a passkey would outlive the device's ending.
     */
    async registrationOptions(found: SessionFound | null) {
      const e = engagementOf(found);
      requireAllowed(stateOf(e), "open");
      requireNamedSite();
      if (found?.openedBy === "device") throw new ConflictError(PORTAL_ACCESS_MESSAGES.passkeyNeedsLink);
      const reference = submissions.byId(e.submissionId)?.reference ?? `engagement ${e.id}`;
      // What the device's list of passkeys shows: the firm's reference, never the client's name. One handle per
      // signer: an authenticator keeps one passkey per handle, and each signer has their own (ADR 305).
      const options = await ceremony.registrationOptions(
        {
          name: reference,
          displayName: `${config.brand.name} engagement ${reference}`,
          handle: found?.signerId ? `portal:${e.id}:${found.signerId}` : `portal:${e.id}`,
        },
        passkeysOf(e, found?.signerId ?? null),
      );
      passkeys.putChallenge({
        purpose: "register",
        keyHash: (found as SessionFound).idHash,
        challenge: options.challenge,
        engagementId: e.id,
        now: now().toISOString(),
        expiresAt: expiry(),
      });
      return options;
    },

    /** Checks the browser's answer against this session's challenge and keeps the passkey for the engagement. */
    async addPasskey(
      found: SessionFound | null,
      { name, response }: ClientPasskeyAddInput,
      visitor: Visitor,
    ) {
      const e = engagementOf(found);
      const pending = passkeys.claimChallenge(
        "register",
        (found as SessionFound).idHash,
        now().toISOString(),
      );
      if (!pending || pending.expired || pending.engagementId !== e.id)
        throw new ConflictError(PORTAL_ACCESS_MESSAGES.passkeyExpired);
      const credential = await ceremony.verifyRegistration(response, pending.challenge);
      if (!credential) throw new InvalidError({ passkey: [PORTAL_ACCESS_MESSAGES.passkeyNotAdded] });
      const { backupEligible: _, ...kept } = credential;
      const at = now();
      const passkey = {
        engagementId: e.id,
        ...kept,
        name: name.trim(),
        createdAt: at.toISOString(),
        // What it opens acts for the signer who added it (ADR 305).
        signerId: found?.signerId ?? null,
      };
      const id = db.transaction(() => {
        const added = passkeys.insert(passkey);
        if (added === null) throw new ConflictError(PORTAL_ACCESS_MESSAGES.passkeyAlreadyAdded);
        repo.addEvent(e.id, {
          kind: "passkey-added",
          at: at.toISOString(),
          ip: visitor.ip,
          userAgent: visitor.userAgent,
          detail: `${whoOf(e, passkey.signerId) === "the client" ? "The client" : whoOf(e, passkey.signerId)} added a passkey (passkey ${added})`,
        });
        audited(e, "engagement.passkey_added", visitor, at);
        return added;
      })();
      return { passkey: passkeyView({ ...passkey, id, lastUsedAt: null }) };
    },

    /** The client removes one of their passkeys. */
    removeOwnPasskey(found: SessionFound | null, id: number | null, visitor: Visitor): { ok: true } {
      const e = engagementOf(found);
      const at = now();
      db.transaction(() => {
        // A signer removes their own passkeys only: another party's are not theirs to see or end.
        const own = passkeysOf(e, found?.signerId ?? null).some((p) => p.id === id);
        if (id === null || !own || !passkeys.remove(e.id, id))
          throw new NotFoundError(PORTAL_ACCESS_MESSAGES.passkeyNotFound);
        audited(e, "engagement.passkey_removed", visitor, at);
      })();
      return { ok: true };
    },

    /**
     * The options for the browser's `get()`: no engagement named (a discoverable passkey says whose it is), and a
     * challenge keyed by a random id the caller keeps in a cookie of this browser.
     */
    async signInOptions(): Promise<{ options: unknown; id: string }> {
      requireNamedSite();
      const id = Buffer.from(passkeyChallengeBytes()).toString("base64url");
      const options = await ceremony.authenticationOptions();
      passkeys.putChallenge({
        purpose: "sign_in",
        keyHash: sha256(id),
        challenge: options.challenge,
        engagementId: null,
        now: now().toISOString(),
        expiresAt: expiry(),
      });
      return { options, id };
    },

    /** Opens the portal with a passkey: a new session on the engagement the passkey belongs to, and only that one. */
    async signInWithPasskey(
      body: { response: unknown },
      challengeId: string | null,
      visitor: Visitor,
    ): Promise<{ session: string; engagementId: number }> {
      const tries = passkeyTries.hit(`ip:${visitor.ip}`, now().getTime());
      if (!tries.allowed)
        throw new TooManyRequestsError(
          "Too many passkey attempts from this address. Try again later, or use the link in our email.",
          tries.retryAfterSeconds,
        );
      const response = body.response as AuthenticationResponseJSON;
      const pending = challengeId
        ? passkeys.claimChallenge("sign_in", sha256(challengeId), now().toISOString())
        : null;
      if (!pending || pending.expired || challengeIn(response) !== pending.challenge)
        throw new UnauthorizedError(PORTAL_ACCESS_MESSAGES.passkeyExpired);
      const passkey = passkeys.byCredentialId(response.id);
      const e = passkey ? repo.byId(passkey.engagementId) : null;
      if (!passkey || !e) throw new UnauthorizedError(PORTAL_ACCESS_MESSAGES.passkeyRefused);
      const verified = await ceremony.verifyAuthentication(response, pending.challenge, passkey);
      if (!verified) throw new UnauthorizedError(PORTAL_ACCESS_MESSAGES.passkeyRefused);
      const at = now();
      // The counter is checked here, in the statement that stores the new one.
      if (!passkeys.recordUse(passkey.id, verified.newCounter, verified.backedUp, at.toISOString()))
        throw new UnauthorizedError(PORTAL_ACCESS_MESSAGES.passkeyRefused);
      return { session: openBy(e, "passkey", visitor, at, null, passkey.signerId), engagementId: e.id };
    },

    /** The desk's list of the client's ways back on a request. */
    deskView(submissionId: number): DeskPortalAccess {
      const e = repo.bySubmission(submissionId);
      // A request with no engagement yet has no way back to list: nothing, as its panel shows; an unknown one 404s.
      if (!e) {
        if (!submissions.byId(submissionId)) throw new NotFoundError("Not found");
        return { devices: [], passkeys: [] };
      }
      return {
        devices: devices.ofEngagement(e.id, now()).map(({ engagementId: _e, ...d }) => d),
        passkeys: passkeys.ofEngagement(e.id).map(passkeyView),
      };
    },

    /** The desk ends a device at once: it opens nothing more, and the sessions it opened end with it. */
    endDevice(submissionId: number, deviceId: number | null, actor: Actor): DeskPortalAccess {
      const e = repo.bySubmission(submissionId);
      if (!e) throw new NotFoundError(PORTAL_MESSAGES.noEngagement);
      const at = now();
      db.transaction(() => {
        const live = devices.ofEngagement(e.id, at).find((d) => d.id === deviceId && d.live);
        if (!live || deviceId === null) throw new NotFoundError(PORTAL_ACCESS_MESSAGES.deviceNotFound);
        devices.end(e.id, deviceId, actor.username, at);
        auditBy(db, actor, "engagement.device_ended", { submissionId, deviceId }, at);
      })();
      return this.deskView(submissionId);
    },

    /** The desk removes a client's passkey (lost with a phone, say): it opens nothing more. */
    removePasskey(submissionId: number, passkeyId: number | null, actor: Actor): DeskPortalAccess {
      const e = repo.bySubmission(submissionId);
      if (!e) throw new NotFoundError(PORTAL_MESSAGES.noEngagement);
      const at = now();
      db.transaction(() => {
        if (passkeyId === null || !passkeys.remove(e.id, passkeyId))
          throw new NotFoundError(PORTAL_ACCESS_MESSAGES.passkeyNotFound);
        auditBy(db, actor, "engagement.passkey_removed", { submissionId, clientPasskeyId: passkeyId }, at);
      })();
      return this.deskView(submissionId);
    },
  };
}

export type PortalAccess = ReturnType<typeof portalAccess>;
export type { PortalDevice };
