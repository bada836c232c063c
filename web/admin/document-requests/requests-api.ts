import { DOCUMENT_REQUESTS_STAFF_API } from "../../../src/contracts/document-requests";

/** The desk's calls for a request's list, by path. */
export const requestsApi = {
  list: (submissionId: number) => DOCUMENT_REQUESTS_STAFF_API(submissionId),
  item: (submissionId: number, itemId: number) => `${DOCUMENT_REQUESTS_STAFF_API(submissionId)}/${itemId}`,
  reminders: (submissionId: number) => `${DOCUMENT_REQUESTS_STAFF_API(submissionId)}/reminders`,
  file: (submissionId: number, docId: string) => `/api/admin/submissions/${submissionId}/documents/${docId}`,
};
