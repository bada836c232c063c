/** Headings around the firm's own people and testimonials (the entries come from the admin). */
export const FIRM_PROOF = {
  people: { eyebrow: "Our people", title: "The accountants and researchers who sign the reports" },
  testimonials: { title: "What counsel and clients say" },
  office: { title: "Office", licences: "Licences and registrations" },
  /** What a demo's seeded person or testimonial says of itself (ADR 301): no one real. */
  sample: "Sample",
} as const;
