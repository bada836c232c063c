import type { EventAttributes } from "ics";
import type { Config } from "../../config";
import { CONSULTATION_CHANGE_HOURS, CONSULTATION_MINUTES } from "../../contracts/consultation";
import { type ConsultationPlace, consultationHow, consultationWhere } from "../../contracts/firm";
import type { PersonOf } from "../desk";
import type { PortalMailLinks } from "../engagements";
import { composeText, line, type MailMessage } from "../mail";
import { CONSULTATION_CLIENT_MAIL, CONSULTATION_DESK_MAIL, type ConsultationService } from "./service";

/** The outbox's row as this feature reads it: ref_id is the consultation change. */
type QueuedMail = { id: number; kind: string; refId: number | null };

/** The message the outbox sends (its MailMessage, as much of it as this feature writes). */
export type ConsultationMail = Pick<
  MailMessage,
  "to" | "subject" | "text" | "quoted" | "replyTo" | "messageId" | "inReplyTo" | "references" | "attachments"
>;

type Change = NonNullable<ReturnType<ConsultationService["changeFor"]>>;

/**
 * A name as an iCalendar parameter (CN): the library quotes it but escapes a double quote with a backslash,
 * which RFC 5545 does not allow and parsers read as the value's end; quotes become apostrophes, controls spaces.
 */
const paramText = (name: string) =>
  [...name]
    .map((c) => (c === '"' || c === "\\" ? "'" : c.charCodeAt(0) < 0x20 || c === "\u007f" ? " " : c))
    .join("")
    .trim();

/**
 * The invitation (ADR 172), made by the `ics` library: one event per booking under a stable UID, its SEQUENCE
 * raised by every move and cancel, so a calendar updates the event it holds; a cancel is METHOD:CANCEL with
 * STATUS:CANCELLED.
 */
export function invitation(
  change: Change,
  ctx: {
    host: string;
    firm: string;
    firmEmail: string;
    client: { name: string; email: string };
    /** Where it happens (the firm's phone number or video link), when the firm has said. */
    place?: string;
  },
  about: { summary: string; description: string },
): string {
  const cancelled = change.kind === "cancelled";
  // DTSTAMP from the change's own time (the library reads `timestamp`, its types do not list it).
  const event: EventAttributes & { timestamp: number } = {
    uid: `${change.uid}@${ctx.host}`,
    sequence: change.sequence,
    method: cancelled ? "CANCEL" : "REQUEST",
    status: cancelled ? "CANCELLED" : "CONFIRMED",
    productId: `-//${ctx.firm}//Consultation//EN`,
    timestamp: Date.parse(change.at),
    start: Date.parse(change.startsAt),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { minutes: CONSULTATION_MINUTES },
    title: about.summary,
    description: about.description,
    ...(ctx.place ? { location: ctx.place } : {}),
    organizer: { name: paramText(ctx.firm), email: ctx.firmEmail },
    attendees: [
      {
        name: paramText(ctx.client.name),
        email: ctx.client.email,
        rsvp: !cancelled,
        role: "REQ-PARTICIPANT",
        partstat: "NEEDS-ACTION",
      },
    ],
  };
  // ics is loaded when a booking's mail is first rendered, not at the start (ADR 236).
  const { createEvent }: typeof import("ics") = require("ics");
  const made = createEvent(event);
  if (made.error || !made.value) throw made.error ?? new Error("no calendar event");
  return made.value;
}

/** Renders both sides' mail of a booking, move or cancel when the outbox sends it; null when it is gone. */
export function consultationMailRenderers(
  config: Config,
  service: Pick<ConsultationService, "changeFor">,
  personOf: PersonOf,
  place: () => ConsultationPlace | null = () => null,
  /** The client mail's own portal link, opening on the consultation (src/modules/engagements). */
  wayIn: PortalMailLinks,
) {
  const host = new URL(config.publicUrl).hostname;
  const firm = config.brand.name;
  const portal = `${config.publicUrl}/portal`;

  const render =
    (toDesk: boolean) =>
    (mail: QueuedMail): ConsultationMail | null => {
      const change = mail.refId === null ? null : service.changeFor(mail.refId);
      const person = change ? personOf(change.submissionId) : null;
      if (!change || !person) return null;
      const { kind, label, previousLabel } = change;
      const what =
        kind === "booked"
          ? `booked for ${label}`
          : kind === "moved"
            ? `moved from ${previousLabel} to ${label}`
            : `on ${label} is cancelled`;
      const subject = `Consultation ${kind === "booked" ? "booked" : kind}: ${label} (reference ${person.reference})`;
      const summary = toDesk
        ? `Consultation: ${person.name} (${person.reference})`
        : `Consultation with ${firm} (${person.reference})`;
      const where = place();
      // How it happens, said in the mail and the invitation alike (issue 44): never left to guess.
      const how = toDesk
        ? where
          ? consultationHow(where, person.phone, firm)
          : `By phone: no consultation place is set, so the firm calls the client at ${person.phone ?? "the number they gave"}.`
        : consultationHow(where, person.phone, firm);
      const description = toDesk
        ? `The ${CONSULTATION_MINUTES}-minute consultation on the report for ${person.reference}. ${how}`
        : `Your ${CONSULTATION_MINUTES}-minute consultation with ${firm} to walk through your report. ${how} To move or cancel it, use the portal: ${portal}`;
      const ics = invitation(
        change,
        {
          host,
          firm,
          firmEmail: config.intakeNotifyTo,
          client: person,
          place: consultationWhere(where, person.phone),
        },
        { summary, description },
      );
      const body = composeText(
        toDesk
          ? [
              line`The consultation of ${person.name} (${person.reference}) is ${what}.`,
              ...(kind === "cancelled" ? [] : ["", how]),
              "",
              kind === "cancelled"
                ? "The cancellation for your calendar is attached."
                : "The invitation for your calendar is attached.",
            ]
          : [
              line`Hello ${person.name},`,
              "",
              `Your ${CONSULTATION_MINUTES}-minute consultation with ${firm} to walk through your report is ${what}.`,
              ...(kind === "cancelled" ? [] : ["", how]),
              "",
              ...wayIn(
                mail,
                change.submissionId,
                kind === "cancelled"
                  ? "The attached file removes it from your calendar. You can book another time in the portal:"
                  : `The attached invitation adds it to your calendar. You can move or cancel it in the portal until ${CONSULTATION_CHANGE_HOURS} hours before it starts:`,
              ),
              "",
              firm,
            ],
      );
      const method = kind === "cancelled" ? "CANCEL" : "REQUEST";
      return {
        to: toDesk ? config.intakeNotifyTo : person.email,
        subject,
        ...body,
        replyTo: config.intakeNotifyTo,
        messageId: `<${person.reference}.consultation-${toDesk ? "desk" : "client"}-${mail.id}@${host}>`,
        inReplyTo: toDesk ? undefined : person.thread,
        references: toDesk ? undefined : person.thread,
        attachments: [
          {
            filename: kind === "cancelled" ? "consultation-cancelled.ics" : "consultation.ics",
            content: Buffer.from(ics, "utf8"),
            contentType: `text/calendar; charset=utf-8; method=${method}`,
          },
        ],
      };
    };

  return { [CONSULTATION_CLIENT_MAIL]: render(false), [CONSULTATION_DESK_MAIL]: render(true) };
}
