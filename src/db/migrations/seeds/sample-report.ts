import { DOCS } from "../../../contracts/paths";

/** The redacted sample Asset Map report among the downloads (built like the other documents, ADR 020). */
export const SAMPLE_REPORT = {
  title: "Sample Asset Map Report (redacted)",
  description:
    "What you receive: a real report's structure with names, numbers and places blacked out. Findings first, each cited to the record it came from, then the schedules, sources and limits of the search.",
  path: DOCS.sampleReport,
} as const;
