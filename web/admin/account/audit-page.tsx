import { useCallback, useEffect, useState } from "react";
import { getJson } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { ADMIN_API } from "../shared/admin-session";

type Entry = {
  id: number;
  at: string;
  event: string;
  username: string | null;
  clientAddress: string | null;
  detail: Record<string, unknown> | null;
};
type AuditPage = { entries: Entry[]; nextBeforeId: number | null };

/** Readable names for the events this and later modules record; unknown ones show as recorded. */
const EVENT_LABELS: Record<string, string> = {
  "admin.created": "Admin created",
  "login.succeeded": "Signed in",
  "login.failed": "Sign-in failed",
  "audit.unknown_usernames_removed": "Usernames of failed sign-ins removed (they named no admin)",
  "login.password_accepted": "Password accepted, code requested",
  logout: "Signed out",
  "password.changed": "Password changed",
  "password.change_failed": "Password change refused",
  "mfa.enabled": "Two-step sign-in turned on",
  "mfa.disabled": "Two-step sign-in turned off",
  "submissions.listed": "Submissions listed",
  "submissions.exported": "Submissions exported (CSV)",
  "submission.viewed": "Submission opened",
  "submission.status_changed": "Submission status changed",
  "submission.note_added": "Note added to a submission",
  "submission.mail_retried": "Submission e-mail retried",
  "submission.reply_sent": "Reply sent to a requester",
  "submission.response_recorded": "Response to a requester recorded (call, other e-mail or meeting)",
  "submission.deleted": "Submission deleted",
  "staff.invited": "Colleague invited",
  "staff.invitation_withdrawn": "Invitation withdrawn",
  "staff.invitation_accepted": "Invitation accepted",
  "staff.removed": "Colleague removed",
  "staff.remove_refused": "Colleague removal refused",
  "staff.mfa_reset": "Two-step sign-in reset",
  "retention.policy_changed": "Retention policy changed",
  "retention.request_deleted": "Request deleted by the retention policy (receipt)",
  "data_request.created": "Data request recorded",
  "data_request.exported": "Data request exported (JSON)",
  "data_request.intake_erased": "Intake erased for a data request (receipt)",
  "data_request.completed": "Data request completed",
  "desk.closure_added": "Closure added (no business day)",
  "desk.closure_removed": "Closure removed (a business day again)",
  ...contentLabels("article", "Article"),
  ...contentLabels("case_study", "Case study"),
  ...contentLabels("resource", "Resource"),
};

/** The events of the content screens (src/modules/content/admin-http.ts, changeEvent). */
function contentLabels(kind: string, noun: string): Record<string, string> {
  return {
    [`${kind}.create`]: `${noun} created`,
    [`${kind}.update`]: `${noun} edited`,
    [`${kind}.publish`]: `${noun} published`,
    [`${kind}.unpublish`]: `${noun} unpublished`,
    [`${kind}.delete`]: `${noun} deleted`,
  };
}

const TIME = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium" });

const detailText = (detail: Entry["detail"]) =>
  detail
    ? Object.entries(detail)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(", ")
    : "";

export function AuditPage() {
  return <AdminFrame>{() => <AuditLog />}</AdminFrame>;
}

function AuditLog() {
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async (before?: number) => {
    setLoading(true);
    try {
      const page = await getJson<AuditPage>([`${ADMIN_API.audit}${before ? `?before=${before}` : ""}`]);
      setEntries((e) => [...(before ? (e ?? []) : []), ...page.entries]);
      setNext(page.nextBeforeId);
    } catch {
      toast({
        title: "Could Not Load the Audit Log",
        description: "Reload the page to try again.",
        variant: "destructive",
      });
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <>
      <p className="eyebrow">Security</p>
      <h1 className="mt-2 font-serif text-3xl font-bold text-navy sm:text-4xl">Audit Log</h1>
      <p className="mt-3 max-w-2xl text-ink-muted">
        Every sign-in, sign-out and account change, newest first. Entries can be added but never changed or
        removed.
      </p>
      {entries === null ? (
        <p className="mt-8 text-ink-muted">Loading the audit log...</p>
      ) : (
        <section
          aria-label="Audit log entries"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard
          tabIndex={0}
          className="mt-8 overflow-x-auto rounded-xl border border-line bg-white"
        >
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">Audit log entries, newest first</caption>
            <thead className="border-b border-line bg-paper-deep text-ink">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Time
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Event
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  User
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Client address
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Details
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-b border-line last:border-0">
                  <td className="whitespace-nowrap px-4 py-3">
                    <time dateTime={e.at}>{TIME.format(new Date(e.at))}</time>
                  </td>
                  <td className="px-4 py-3 font-medium">{EVENT_LABELS[e.event] ?? e.event}</td>
                  <td className="px-4 py-3">{e.username ?? "—"}</td>
                  <td className="px-4 py-3 font-mono">{e.clientAddress ?? "—"}</td>
                  <td className="px-4 py-3 text-ink-muted">{detailText(e.detail)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {next !== null && (
        <button
          type="button"
          onClick={() => load(next)}
          disabled={loading}
          className="btn-outline mt-6 disabled:opacity-70"
        >
          {loading ? "Loading..." : "Load Older Entries"}
        </button>
      )}
    </>
  );
}

export const auditPage = adminPage(AuditPage, {
  title: "Audit Log",
  description: "Sign-ins, sign-outs and account changes, newest first.",
});
