import * as v from "valibot";
import { publishedFlag, requiredText, tooLong } from "./fields";

/**
 * The firm's proof, filled in by the firm and never invented: its people (name, role, credentials, a short
 * bio, a photo) and what clients have said. The admin manages both; /about and the home page show what is
 * published and nothing when there is none (ADR 115).
 */
export const PERSON_LIMITS = { name: 120, role: 120, credentials: 200, bio: 700 } as const;
export const TESTIMONIAL_LIMITS = { quote: 800, attribution: 160, context: 160 } as const;

/** Photos: JPEG, PNG or WebP, decided by their bytes; small enough to show as they are. */
export const MAX_PHOTO_BYTES = 1.5 * 1024 * 1024;
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";

const optionalText = (field: string, max: number) =>
  v.pipe(
    v.optional(v.nullable(v.string(`${field} must be text`)), ""),
    v.transform((s) => s?.trim() ?? ""),
    v.maxLength(max, tooLong(field, max)),
  );

const order = v.optional(
  v.pipe(
    v.number("Order must be a whole number"),
    v.integer("Order must be a whole number"),
    v.minValue(0, "Order must be between 0 and 999"),
    v.maxValue(999, "Order must be between 0 and 999"),
  ),
  0,
);

export const PersonInputSchema = v.object({
  name: requiredText("Name", PERSON_LIMITS.name),
  role: requiredText("Role", PERSON_LIMITS.role),
  /** As the person signs: "CPA, CFE, CAMS". */
  credentials: optionalText("Credentials", PERSON_LIMITS.credentials),
  bio: optionalText("Bio", PERSON_LIMITS.bio),
  order,
  published: publishedFlag(false),
});

export const TestimonialInputSchema = v.object({
  quote: requiredText("Quote", TESTIMONIAL_LIMITS.quote),
  /** Who said it, as the client agreed to be named: "Family-law partner, Dallas". */
  attribution: requiredText("Attribution", TESTIMONIAL_LIMITS.attribution),
  /** The kind of matter, if the client agreed: "Divorce, undisclosed real estate". */
  context: optionalText("Matter", TESTIMONIAL_LIMITS.context),
  order,
  published: publishedFlag(false),
});

export type PersonInput = v.InferOutput<typeof PersonInputSchema>;
export type TestimonialInput = v.InferOutput<typeof TestimonialInputSchema>;

type Stored = {
  id: number;
  createdAt: string;
  updatedAt: string;
  /** Seeded by demo mode to show the pages' shape: labelled "Sample" wherever it is shown (ADR 301). */
  sample: boolean;
};
export type StoredPerson = PersonInput & Stored & { photo: string | null };
export type StoredTestimonial = TestimonialInput & Stored;

export type PublicPerson = Pick<
  StoredPerson,
  "id" | "name" | "role" | "credentials" | "bio" | "photo" | "sample"
>;
export type PublicTestimonial = Pick<
  StoredTestimonial,
  "id" | "quote" | "attribution" | "context" | "sample"
>;

/** One of the firm's published people as an article's author (ADR 269): who they are, never their photo or bio. */
export type FirmAuthor = Pick<StoredPerson, "id" | "name" | "role" | "credentials">;

/**
 * What the public pages show of the firm: published people and testimonials, in the admin's order, and
 * whether any case study is published (the footer links to them only then).
 */
export type FirmProfile = { people: PublicPerson[]; testimonials: PublicTestimonial[]; caseStudies: boolean };

export const FIRM_MESSAGES = {
  personNotFound: "No person with that id.",
  testimonialNotFound: "No testimonial with that id.",
  photoType: "The photo must be a JPEG, PNG or WebP image. Its content decides, not its name.",
  photoTooLarge: "The photo is larger than 1.5 MB.",
  photoRequired: "Choose a photo to upload.",
} as const;

/**
 * How the firm holds its consultations (issue 33): by phone, at a number the client calls, or by video, at a
 * link the client opens. The portal shows it and the calendar invitation carries it as its LOCATION.
 */
export const CONSULTATION_PLACE_KINDS = ["phone", "video"] as const;
export type ConsultationPlace = { kind: (typeof CONSULTATION_PLACE_KINDS)[number]; value: string };
export const CONSULTATION_PLACE_MAX = 500;
export const CONSULTATION_PLACE_MESSAGES = {
  kind: "Choose phone or video",
  phone: "Enter a phone number with its area code, like (212) 555-0147",
  video: "Enter the video link as a full address starting with https://",
} as const;

const phoneDigits = (s: string) => s.replace(/\D/g, "").length;
const isPhone = (s: string) =>
  /^\+?[0-9 ().-]+(\s*(x|ext\.?)\s*[0-9]{1,6})?$/i.test(s) && phoneDigits(s) >= 7 && phoneDigits(s) <= 20;
const isVideoLink = (s: string) => {
  if (!/^https:\/\//i.test(s) || /\s/.test(s)) return false;
  try {
    return new URL(s).hostname.includes(".");
  } catch {
    return false;
  }
};

export const ConsultationPlaceSchema = v.pipe(
  v.object({
    kind: v.picklist(CONSULTATION_PLACE_KINDS, CONSULTATION_PLACE_MESSAGES.kind),
    value: v.pipe(
      v.string(CONSULTATION_PLACE_MESSAGES.phone),
      v.trim(),
      v.maxLength(CONSULTATION_PLACE_MAX, tooLong("Phone number or link", CONSULTATION_PLACE_MAX)),
    ),
  }),
  v.forward(
    v.check((p) => p.kind !== "phone" || isPhone(p.value), CONSULTATION_PLACE_MESSAGES.phone),
    ["value"],
  ),
  v.forward(
    v.check((p) => p.kind !== "video" || isVideoLink(p.value), CONSULTATION_PLACE_MESSAGES.video),
    ["value"],
  ),
);

/** The invitation's LOCATION: the link itself (calendars open it), or the number to call. */
export const consultationLocation = (p: ConsultationPlace) =>
  p.kind === "phone" ? `Phone: ${p.value}` : p.value;

/**
 * How a consultation happens, in a sentence for the client (issue 44): the firm's number to call or its video
 * link once the firm has set one; until then, the firm calls the number the client gave.
 */
export function consultationHow(
  place: ConsultationPlace | null,
  clientPhone: string | undefined,
  firm: string,
) {
  if (place?.kind === "phone") return `By phone: at the time booked, call ${firm} at ${place.value}.`;
  if (place?.kind === "video") return `By video: at the time booked, join at ${place.value}.`;
  return clientPhone
    ? `By phone: at the time booked, ${firm} calls you at ${clientPhone}.`
    : `By phone: at the time booked, ${firm} calls you at the number you gave us.`;
}

/** The invitation's LOCATION: the firm's place, or the client's own number the firm calls. */
export const consultationWhere = (place: ConsultationPlace | null, clientPhone: string | undefined) =>
  place ? consultationLocation(place) : `Phone: the firm calls you${clientPhone ? ` at ${clientPhone}` : ""}`;
