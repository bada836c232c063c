/**
 * The 15-minute consultation a client books in the portal once the report is delivered (issue 20, ADRs 170
 * to 173): the rules both the server and the portal's screen use, the messages, and the shapes they exchange.
 */

/** Length of a consultation and of a slot. */
export const CONSULTATION_MINUTES = 15;
/** How many of the firm's business days the slot list covers. */
export const CONSULTATION_BUSINESS_DAYS = 10;
/** The earliest slot offered is this many business minutes after now (ADR 171). */
export const CONSULTATION_LEAD_BUSINESS_MINUTES = 120;
/** A booking can be moved or cancelled in the portal until this many hours before it starts. */
export const CONSULTATION_CHANGE_HOURS = 24;

export const CONSULTATION_MESSAGES = {
  notDelivered: "The consultation can be booked once your report is delivered.",
  timeZone: "That is not a time zone we know. Use a name such as America/Chicago or Europe/London.",
  start: "Choose a start time from the list of open times.",
  notSlot: "That time is not one of the open times. Choose one from the list.",
  taken: "That time was just taken. Please choose another.",
  alreadyBooked: "You already have a consultation booked. Move or cancel it instead.",
  none: "You have no consultation booked.",
  tooLate: `Your consultation starts in less than ${CONSULTATION_CHANGE_HOURS} hours, so it can no longer be moved or cancelled here. Please call or email us.`,
  sameTime: "Your consultation is already at that time.",
} as const;

/** One free slot: its start and end as instants, labelled in the firm's zone and, when asked, the client's. */
export type ConsultationSlot = {
  start: string;
  end: string;
  /** The firm's calendar date, "YYYY-MM-DD" (slots are grouped by it). */
  date: string;
  /** "Monday, November 30" in the firm's zone. */
  dayLabel: string;
  /** "11:00 AM EST" in the firm's zone. */
  label: string;
  /** "Mon, Nov 30, 5:00 PM GMT" in the client's zone, when one was given. */
  clientLabel: string | null;
};

export type ConsultationSlots = {
  timeZone: string;
  clientTimeZone: string | null;
  slots: ConsultationSlot[];
};

/** The engagement's current booking as the portal shows it. */
export type ConsultationBooking = {
  start: string;
  end: string;
  /** "Monday, November 30, 11:00 AM EST" in the firm's zone. */
  label: string;
  clientLabel: string | null;
  /** Until when it can be moved or cancelled in the portal, and whether that is still so now. */
  changeableUntil: string;
  changeable: boolean;
  bookedAt: string;
};

/** A booked consultation as the desk sees it: who, when, which request. */
export type UpcomingConsultation = {
  submissionId: number;
  reference: string;
  name: string;
  start: string;
  end: string;
  label: string;
  bookedAt: string;
};
