import { Elysia } from "elysia";
import type { Config } from "../../config";
import { DomainError } from "../../contracts/errors";
import { allowed } from "../../contracts/lifecycle";
import type { PortalEngagement } from "../../contracts/portal";
import type { EngagementStage } from "../../contracts/submissions";
import type { Logger } from "../../log";
import type { DataStore } from "../../store";
import type { Actor } from "../audit";
import type { Auth } from "../auth";
import { calendarJob, contactSubmissions, type DueService } from "../desk";
import type { MailOutbox } from "../mail";
import { loadSealingCertificate, type SealingCertificate } from "../signing";
import { engagementStage } from "./lib/engagement-stage";
import { portalMailLinks, portalMailSettled } from "./lib/mail-link";
import { portalMailRenderers } from "./mail";
import type { PaymentInput } from "./model";
import { engagementsRepo } from "./repo/engagements";
import { engagementFacts, engagementLifecycle } from "./repo/facts";
import { PORTAL_MAX_MS } from "./repo/sessions";
import { portalAccessRoutes } from "./routes/access";
import {
  portalCookieOf,
  portalCookies,
  portalModule,
  portalSessionOf,
  requirePortalSession,
} from "./routes/client";
import { engagementStaffRoutes } from "./routes/staff";
import { createPortalService } from "./service";
import type { PortalServiceDeps, ProcessorRefs } from "./service/engagement";

/** The letters' job's name in scheduled_runs. */
export const LETTERS_JOB = "letters";

/** The portal feature as the app composes it: the client's routes, the desk's routes and its mail. */
export function createPortal(deps: {
  store: DataStore;
  config: Config;
  auth: Pick<Auth, "requireAdmin">;
  outbox: Pick<MailOutbox, "enqueue" | "wake" | "register" | "afterAttempt">;
  due: DueService;
  subscriptions: PortalServiceDeps["subscriptions"];
  ledger: PortalServiceDeps["ledger"];
  now: () => Date;
  /** For the letters' daily job (reminders and expiry, ADR 297). */
  logger?: Logger;
}) {
  const { store, config } = deps;
  let certificate: SealingCertificate | undefined;
  // Made (or read) at the first signature, not at start: a key pair costs half a second.
  const sealingCertificate = () => {
    certificate ??= loadSealingCertificate({
      dataDir: config.dataDir,
      p12Path: config.portal.signingP12,
      passphrase: config.portal.signingP12Passphrase,
      cipher: deps.store.cipher,
      firmName: config.brand.name,
    });
    return certificate;
  };
  const service = createPortalService({ ...deps, certificate: sealingCertificate });
  const sessionOf = portalSessionOf(config, service);
  const requireSession = requirePortalSession(service, portalCookieOf(config));
  const submissions = contactSubmissions(store);
  const lifecycle = engagementLifecycle(store);
  const facts = engagementFacts(store.db);
  const mail = portalMailRenderers(store, config, portalMailLinks(store, config, deps.now));
  for (const [kind, render] of Object.entries(mail.renderers))
    deps.outbox.register(kind, render, mail.settled[kind]);
  // Every portal mail's own link (whichever feature writes the mail) is settled with its outbox row (ADR 306).
  deps.outbox.afterAttempt(portalMailSettled(store, deps.now));
  /**
   * The letters' day (ADR 297): once each of the firm's calendar days, the signers waiting are reminded and the
   * rounds past their expiry expire. The last day run is kept in scheduled_runs; the run itself is safe twice.
   */
  const letterJob = deps.logger
    ? calendarJob({
        store,
        name: LETTERS_JOB,
        logger: deps.logger,
        now: deps.now,
        owed: (lastDay) => {
          const today = deps.due.clock.local(deps.now()).date;
          return lastDay === today ? null : today;
        },
        run: () => service.staff.runLetterCalendar(deps.now()),
      })
    : null;
  return {
    service,
    /** The letters' daily job: reminders and expiry (ADR 297). */
    jobs: {
      start: () => letterJob?.start(),
      stop: () => letterJob?.stop(),
      runIfDue: () => letterJob?.runIfDue() ?? null,
      /** The day's run now, whatever ran before (the job is safe twice): for tests and the operator. */
      runNow: (at?: Date) => service.staff.runLetterCalendar(at ?? deps.now()),
    },
    /** The engagement the desk's detail shows with a request. */
    engagementOf: (submissionId: number) => service.staff.viewOf(submissionId),
    /**
     * Where each of these requests' engagement stands, for a page of the desk's list: one read of the
     * engagements, and the subscription of the monthly ones under way (requests without one are left out).
     */
    engagementStagesOf(submissionIds: readonly number[]): Map<number, EngagementStage> {
      return new Map(
        facts.progressOf(submissionIds).map((e) => {
          const monitoring =
            e.feeKind === "monthly" && e.status === "engaged"
              ? deps.subscriptions.viewForEngagement(e.id)
              : null;
          return [e.submissionId, engagementStage(e, monitoring)] as const;
        }),
      );
    },
    module: new Elysia({ name: "portal-all" })
      .use(portalModule({ config, service, sessionOf, requireSession }))
      .use(portalAccessRoutes({ config, service })),
    /** The engagement of a request's portal session, or the 401 that asks the client to sign in again: for the
     * portal's other routes (its documents and its consultation). Given the action the route performs, the
     * lifecycle table's 409 comes first (ADR 278). */
    requireSession,
    /**
     * The desk closed or declined the request (src/modules/desk calls this, in the write that changes the
     * status): its portal links open nothing more and its sessions end at once (ADR 278).
     */
    requestEnded: (submissionId: number, at: Date) => service.staff.requestEnded(submissionId, at),
    /**
     * What /portal renders for a request with a live portal session: its engagement, so the page needs no
     * script to show it and take the consent and the signature (issue: forms work without JavaScript).
     */
    pageFor(request: Request): { engagement: PortalEngagement } | undefined {
      const id = sessionOf(request);
      if (id === null) return undefined;
      const cookie = portalCookieOf(config)(request);
      const engagement = service.portal.find(id, cookie ? service.portal.signerOf(cookie) : null);
      return engagement ? { engagement } : undefined;
    },
    /**
     * /portal for a browser with no live session that was kept signed in (ADR 299): the device opens a session
     * here, as its script would (`POST /api/portal/device/session`), so the page opens on the engagement with
     * no script at all (ADR 306). Answers the page's data and the cookie to set; a device that opens nothing
     * is forgotten by the browser (its cookie cleared) and the page is the way in. Null without a device.
     */
    pageForDevice(
      request: Request,
      ip: string,
    ): { page?: { engagement: PortalEngagement }; setCookie: string } | null {
      const { deviceOf, cookie, deviceCookie } = portalCookies(config);
      const token = deviceOf(request);
      if (!token) return null;
      const userAgent = (request.headers.get("user-agent") ?? "unknown").slice(0, 400);
      try {
        const { session, engagementId } = service.access.openWithDevice(token, { ip, userAgent });
        const engagement = service.portal.find(engagementId, service.portal.signerOf(session));
        return {
          page: engagement ? { engagement } : undefined,
          setCookie: cookie(session, PORTAL_MAX_MS / 1000),
        };
      } catch (error) {
        if (error instanceof DomainError) return { setCookie: deviceCookie("", 0) };
        throw error;
      }
    },
    /**
     * Records a payment on the request a reference names, through the desk's own path (recordPayment), so a
     * payment the processor reports starts the work clock, settles a subscription's month and is audited
     * exactly as one staff record, under `actor` (the processor, or the colleague who matched it). Answers the
     * request's id, or null when the reference names no request with an engagement.
     */
    recordPaymentByReference(
      reference: string,
      payment: PaymentInput & { processor?: ProcessorRefs },
      actor: Actor,
    ): number | null {
      const submissionId = submissions.idByReference(reference);
      if (submissionId === null || !service.staff.viewOf(submissionId)) return null;
      // What the lifecycle refuses (a payment on a closed request's unsigned letter) is left for staff to match
      // or set aside, not recorded: the processor's retries would meet the same refusal (ADR 278).
      const state = lifecycle.ofSubmission(submissionId);
      if (state && !allowed(state, "pay")) return null;
      service.staff.recordPayment(submissionId, payment, actor);
      return submissionId;
    },
    staffRoutes: engagementStaffRoutes({ auth: deps.auth, service, trustProxy: config.trustProxy }),
  };
}

export { type PortalMailLinks, portalMailLinks } from "./lib/mail-link";
export { engagementRecord } from "./repo/engagements";
export { type ClientAudit, clientAudit } from "./routes/client-audit";
export type { LedgerHooks, ProcessorRefs } from "./service/engagement";

/** An engagement's payments as recorded, oldest first: the ledger's backfill (issue 30). */
export const engagementPayments = (store: DataStore) => {
  const repo = engagementsRepo(store);
  return (engagementId: number) => repo.payments(engagementId);
};
// What other features use of this one: they import it from here, never from its files (src/layout.test.ts).
export {
  type EngagementFacts,
  type EngagementLifecycle,
  type EngagementLookup,
  engagementFacts,
  engagementLifecycle,
  type OpenDelivery,
} from "./repo/facts";
export type { RequirePortalSession } from "./routes/client";
