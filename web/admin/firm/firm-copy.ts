import { PATHS } from "../../../src/contracts/paths";

/** Copy of the admin's People & Testimonials screens. */
export const FIRM_ADMIN = {
  people: {
    noun: "Person",
    plural: "People",
    intro:
      "The firm's people as the About and home pages show them, in this order. Only published entries appear; with none published, the site shows no people section at all.",
    newHref: PATHS.adminPersonNew,
    newLabel: "New Person",
    loading: "Loading people...",
    empty: "No people yet. Add the first with New Person.",
    confirm: "Delete this person?",
  },
  testimonials: {
    noun: "Testimonial",
    plural: "Testimonials",
    intro:
      "What clients and counsel have said, with their consent and in their words. Only published entries appear on the About and home pages.",
    newHref: PATHS.adminTestimonialNew,
    newLabel: "New Testimonial",
    loading: "Loading testimonials...",
    empty: "No testimonials yet. Add one with New Testimonial.",
    confirm: "Delete this testimonial?",
  },
} as const;
