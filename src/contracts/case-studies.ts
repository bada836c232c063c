import * as v from "valibot";
import {
  isOneLine,
  oneLineMessage,
  publishedFlag,
  requiredParagraphs,
  requiredText,
  tooLong,
} from "./fields";

export const CASE_STUDY_LIMITS = {
  title: 200,
  category: 80,
  description: 600,
  challenge: 4000,
  approach: 4000,
  outcome: 4000,
  assetsRecovered: 120,
  turnaroundDays: 3650,
} as const;

export const CaseStudyInputSchema = v.object({
  title: requiredText("Title", CASE_STUDY_LIMITS.title),
  category: requiredText("Category", CASE_STUDY_LIMITS.category),
  description: requiredParagraphs("Description", CASE_STUDY_LIMITS.description),
  challenge: requiredParagraphs("Challenge", CASE_STUDY_LIMITS.challenge),
  approach: requiredParagraphs("Approach", CASE_STUDY_LIMITS.approach),
  outcome: requiredParagraphs("Outcome", CASE_STUDY_LIMITS.outcome),
  /** Free text such as "$2.4M in real property"; empty means not stated. */
  assetsRecovered: v.pipe(
    v.optional(v.nullable(v.string("Assets recovered must be text")), null),
    v.check((s) => s === null || isOneLine(s), oneLineMessage("Assets recovered")),
    v.transform((s) => s?.trim() || null),
    v.nullable(
      v.pipe(
        v.string(),
        v.maxLength(
          CASE_STUDY_LIMITS.assetsRecovered,
          tooLong("Assets recovered", CASE_STUDY_LIMITS.assetsRecovered),
        ),
      ),
    ),
  ),
  turnaroundDays: v.optional(
    v.nullable(
      v.pipe(
        v.number("Turnaround must be a whole number of days"),
        v.integer("Turnaround must be a whole number of days"),
        v.minValue(1, "Turnaround must be at least 1 day"),
        v.maxValue(CASE_STUDY_LIMITS.turnaroundDays, "Turnaround must be at most 3650 days"),
      ),
    ),
    null,
  ),
  published: publishedFlag(false),
});

export type CaseStudyInput = v.InferOutput<typeof CaseStudyInputSchema>;

export type StoredCaseStudy = {
  id: number;
  title: string;
  category: string;
  description: string;
  challenge: string;
  approach: string;
  outcome: string;
  assetsRecovered: string | null;
  turnaroundDays: number | null;
  published: boolean;
  publishedAt: string | null;
  /** Seeded by demo mode to show what the page looks like: labelled "Sample" wherever it is shown. */
  sample: boolean;
  createdAt: string;
  updatedAt: string;
};

/** What the public /case-studies page shows of a published case study. */
export type PublishedCaseStudy = Omit<StoredCaseStudy, "published" | "createdAt" | "updatedAt">;
