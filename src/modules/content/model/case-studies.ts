import { changeBody, createBody } from "../../../contracts/admin-body";
import { CaseStudyInputSchema } from "../../../contracts/case-studies";

export const CASE_STUDY_MESSAGES = { notFound: "No case study with that id." } as const;

/** What the case-study editor sends: the screen checks the form with the same schema. */
export const CaseStudyBody = createBody(CaseStudyInputSchema);
export const CaseStudyChange = changeBody(CaseStudyInputSchema);
