import * as v from "valibot";
import type { Config } from "../../config";
import {
  ConsentSchema,
  DeclineSchema,
  type EngagementDraft,
  EngagementDraftSchema,
  PaymentSchema,
  PortalLinkRequestSchema,
  PortalTokenSchema,
  SignSchema,
} from "../../contracts/portal";
import { consumerDisclosure } from "../../contracts/portal-disclosure";

export type { EngagementDraft };
export { EngagementDraftSchema, PaymentSchema };

/** Who is at the portal: the address and browser its events record. */
export type Visitor = { ip: string; userAgent: string };

export type PaymentInput = v.InferOutput<typeof PaymentSchema>;
export type ConsentInput = v.InferOutput<typeof ConsentSchema>;
export type SignInput = v.InferOutput<typeof SignSchema>;

/** A request's id in the desk's paths; one that names no request is not found (404), as every desk path answers. */
export const SubmissionParams = v.object({ id: v.string() });

/**
 * What a link opens the portal with: `{ token }` from the page's script, or `{ link }` from the form shown
 * without JavaScript, where the client pastes the whole e-mailed link (its fragment never reaches a server any
 * other way) or the token alone. Anything else opens nothing, and is answered as an unknown link is (401), never
 * as a form's mistake: the client is only ever told to ask for a fresh link.
 */
/** "Keep me signed in on this device" (ADR 299): true from the script, "on" from the plain form's box. */
const Remember = v.optional(
  v.pipe(
    v.union([v.boolean(), v.string()]),
    v.transform((r) => r === true || r === "on"),
  ),
  false,
);
/** The access code the firm told the signer by phone, when their link asks for one (ADR 305). */
const AccessCode = v.optional(v.pipe(v.string(), v.maxLength(200)));
export const SessionOpeningBody = v.fallback(
  v.union([
    v.object({ ...PortalTokenSchema.entries, remember: Remember, accessCode: AccessCode }),
    v.object({ link: v.pipe(v.string(), v.trim()), remember: Remember, accessCode: AccessCode }),
  ]),
  { token: "", remember: false },
);
export type SessionOpening = v.InferOutput<typeof SessionOpeningBody>;

/** The link's token in what was sent, or null. */
export function tokenOf(opening: SessionOpening): string | null {
  if ("token" in opening) return opening.token || null;
  const found =
    /(?:^|[#?&])token=([A-Za-z0-9_-]+)/.exec(opening.link) ?? /^([A-Za-z0-9_-]{16,})$/.exec(opening.link);
  return found?.[1] ?? null;
}

/**
 * A request for a fresh link: an address, or null for anything that is not one. Refused silently (the answer is
 * the same 202 whatever was sent), so nobody learns from it which addresses have an engagement.
 */
export const LinkRequestBody = v.fallback(v.nullable(PortalLinkRequestSchema), null);
export type LinkRequest = v.InferOutput<typeof LinkRequestBody>;

/**
 * A consent or a signature as the route reads it: the input, or the problems found in it. Read on the route,
 * but answered by the route after the session's check (signed out comes first), and, for a plain form, as the
 * redirect back to /portal with the problem's word rather than the 422 a script reads.
 */
const checked = <S extends v.GenericSchema>(schema: S) =>
  v.pipe(
    v.unknown(),
    v.transform((value) => {
      const parsed = v.safeParse(schema, value ?? {});
      return parsed.success
        ? { ok: true as const, value: parsed.output as v.InferOutput<S> }
        : { ok: false as const, issues: parsed.issues };
    }),
  );
export const ConsentBody = checked(ConsentSchema);
export const SignBody = checked(SignSchema);
export const DeclineBody = checked(DeclineSchema);

/** The steps before the signature that its certificate of completion lists, with the signature itself. */
export const LETTER_OPENED = "letter-opened";
export const WITHDRAWN = "withdrawn";
export const CERTIFIED_BEFORE_SIGNING = ["sent", "opened", LETTER_OPENED, "consented"];

/** The events of the letter as it stands: a withdrawal ends what came before (its link, opening, consent). */
export const sinceWithdrawn = <E extends { kind: string }>(events: E[]) =>
  events.slice(events.findLastIndex((ev) => ev.kind === WITHDRAWN) + 1);

type Terms = {
  countersign?: boolean;
  cc?: string[];
  status: string;
  scope: string;
  feeCents: number;
  feeKind: string;
  hourlyRateCents: number | null;
  turnaroundBusinessDays: number;
  expedite: boolean;
  subjects: string[] | null;
  cadence: string | null;
};

export const isSigned = (e: { status: string }) => e.status === "signed" || e.status === "engaged";

/** Whether two readings of an engagement hold the same letter: its state and every term it states. */
export const sameTerms = (a: Terms, b: Terms) =>
  a.status === b.status &&
  a.scope === b.scope &&
  a.feeCents === b.feeCents &&
  a.feeKind === b.feeKind &&
  a.hourlyRateCents === b.hourlyRateCents &&
  a.turnaroundBusinessDays === b.turnaroundBusinessDays &&
  a.expedite === b.expedite &&
  JSON.stringify(a.subjects) === JSON.stringify(b.subjects) &&
  a.cadence === b.cadence &&
  a.countersign === b.countersign &&
  JSON.stringify(a.cc) === JSON.stringify(b.cc);

export const disclosureText = (config: Config) => consumerDisclosure(config.brand).join("\n\n");

/** Minutes in the firm's business day (the first open day of the week): N business days is N times this. */
export function businessDayMinutes(config: Config): number {
  const day = config.desk.hours.find((h) => h !== null);
  return day ? day.close - day.open : 480;
}
