import type { SubmissionStatus } from "./intake";
import type { EngagementStageName } from "./submissions";

/**
 * The request page's header (issue 45, ADR 301): where the request stands and the one thing staff do next, read
 * from the request's status and its engagement's stage (the same stage the desk's list shows), never worked out a
 * second way. Each next action names the section of the page where it is done.
 */
export const REQUEST_SECTIONS = ["request", "engagement", "money", "documents", "history"] as const;
export type RequestSection = (typeof REQUEST_SECTIONS)[number];

export const REQUEST_SECTION_LABELS: Record<RequestSection, string> = {
  request: "Request",
  engagement: "Engagement",
  money: "Money",
  documents: "Documents",
  history: "History",
};

/** The element a section link leads to on the request page. */
export const sectionAnchor = (section: RequestSection) => `section-${section}`;

export type NextAction = { text: string; section: RequestSection };

export function nextAction(
  status: SubmissionStatus,
  stage: EngagementStageName | null,
  firstResponseMade: boolean,
): NextAction {
  if (status === "closed") return { text: "Nothing: the request is closed.", section: "history" };
  if (status === "declined") return { text: "Nothing: the request was declined.", section: "history" };
  switch (stage) {
    case null:
      return firstResponseMade
        ? { text: "Draft the engagement letter.", section: "engagement" }
        : { text: "Send the first response: reply, or record a call.", section: "request" };
    case "drafted":
      return { text: "Send the engagement letter to the client.", section: "engagement" };
    case "sent":
      return {
        text: "Wait for the client's signature, or send the portal link again.",
        section: "engagement",
      };
    case "signed":
      return { text: "Record the client's payment: the work starts with it.", section: "money" };
    case "paid":
      return { text: "Deliver the report to the client's portal.", section: "documents" };
    case "delivered":
      return { text: "Settle what is owed, then close the request.", section: "money" };
    case "monitoring":
      return { text: "Send each sweep report as it falls due.", section: "documents" };
    case "monitoring-ending":
      return { text: "Send the last sweep reports before monitoring ends.", section: "documents" };
    case "monitoring-ended":
      return { text: "Monitoring has ended: close the request.", section: "history" };
  }
}
