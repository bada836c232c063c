import { CalendarClock, Save } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  RETENTION_MAX_DAYS,
  RETENTION_MIN_DAYS,
  type RetentionDryRun,
  type RetentionView,
  retentionPeriod,
} from "../../../src/contracts/privacy";
import { STATUS_LABELS } from "../../../src/contracts/submissions";
import { apiRequest, getJson } from "../../lib/api";
import { type FieldMessages, serverErrors } from "../../lib/api-errors";
import { formatDateTime, formatLongDate } from "../../lib/dates";
import { focusFirstInvalid } from "../../lib/focus-first-invalid";
import { toast } from "../../lib/toast-store";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { failedToast } from "../shared/failed-toast";
import { TextField } from "../shared/text-field";
import { purgeLabel, RETENTION_API, retentionDryRunApi } from "./privacy-api";
import { PrivacyTabs } from "./privacy-tabs";

export function PrivacyAdminPage() {
  return <AdminFrame>{() => <DataAndPrivacy />}</AdminFrame>;
}

function DataAndPrivacy() {
  const [view, setView] = useState<RetentionView | null | "failed">(null);

  useEffect(() => {
    getJson<RetentionView>([RETENTION_API]).then(setView, () => setView("failed"));
  }, []);

  return (
    <>
      <p className="eyebrow">Data &amp; Privacy</p>
      <h1 className="mt-2 font-serif text-3xl font-bold text-navy sm:text-4xl">Data &amp; Privacy</h1>
      <p className="mt-3 max-w-2xl text-ink-muted">
        How long intake requests are kept once they are decided. The server deletes requests whose time is up
        when it starts and once a day, and leaves a receipt for each in the audit log. New requests and those
        in review or quoted are never deleted automatically. The privacy page states this policy.
      </p>
      <PrivacyTabs />
      {view === null && <p className="mt-8 text-ink-muted">Loading the retention policy...</p>}
      {view === "failed" && <p className="mt-8 text-ink-muted">The retention policy could not be loaded.</p>}
      {view && view !== "failed" && (
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,26rem)_1fr]">
          <PolicyForm view={view} onSaved={setView} />
          <UpcomingPurges view={view} />
        </div>
      )}
    </>
  );
}

/** References listed in the confirmation; the rest are counted. */
const DRY_RUN_SHOWN = 20;

const daysHint = (days: string, what: string) => {
  const n = Number(days);
  const period =
    Number.isInteger(n) && n >= RETENTION_MIN_DAYS && n <= RETENTION_MAX_DAYS
      ? ` (${retentionPeriod(n)})`
      : "";
  return `${what}, counted from the last status change. ${RETENTION_MIN_DAYS} to ${RETENTION_MAX_DAYS.toLocaleString("en-US")} days${period}.`;
};

function PolicyForm({ view, onSaved }: { view: RetentionView; onSaved: (v: RetentionView) => void }) {
  const [unengaged, setUnengaged] = useState(String(view.unengagedDays));
  const [engaged, setEngaged] = useState(String(view.engagedDays));
  const [errors, setErrors] = useState<FieldMessages>({});
  const [saving, setSaving] = useState(false);
  const [checking, setChecking] = useState(false);
  // The dry run of fewer days, shown for confirmation before the policy is saved.
  const [dryRun, setDryRun] = useState<RetentionDryRun | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const days = (raw: string) => (raw.trim() === "" ? null : Number(raw));
  const proposed = { unengagedDays: days(unengaged), engagedDays: days(engaged) };

  const failed = (error: unknown, title: string) => {
    const fields = serverErrors(error);
    if (fields) {
      setErrors(fields);
      // A message for the whole form is shown under the first field.
      if (formRef.current)
        focusFirstInvalid(formRef.current, { ...fields, unengagedDays: fields.unengagedDays ?? fields.form });
    }
    failedToast(title, fields, error);
  };

  const put = async () => {
    setSaving(true);
    try {
      const res = await apiRequest("PUT", RETENTION_API, proposed);
      const saved = (await res.json()) as RetentionView;
      setDryRun(null);
      onSaved(saved);
      toast({
        title: "Retention Policy Saved",
        description: `Ended requests are kept ${retentionPeriod(saved.unengagedDays)}, engagements ${retentionPeriod(saved.engagedDays)}. The privacy page says so now.`,
      });
    } catch (error) {
      setDryRun(null);
      failed(error, "Retention Policy Not Saved");
    } finally {
      setSaving(false);
    }
  };

  // Fewer days than saved: ask the server what the new policy would delete at once, and confirm first.
  const save = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setErrors({});
    const { unengagedDays: u, engagedDays: g } = proposed;
    const shorter =
      u !== null && g !== null && (u < view.unengagedDays || g < view.engagedDays) && u > 0 && g > 0;
    if (!shorter) return put();
    // The button stays enabled (a disabled button would drop focus, which the dialog gives back to it).
    if (checking) return;
    setChecking(true);
    try {
      setDryRun(await getJson<RetentionDryRun>([retentionDryRunApi(u, g)]));
    } catch (error) {
      failed(error, "Retention Policy Not Saved");
    } finally {
      setChecking(false);
    }
  };

  return (
    <form
      ref={formRef}
      onSubmit={save}
      noValidate
      aria-labelledby="policy-title"
      className="rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <h2 id="policy-title" className="font-serif text-2xl font-bold text-navy">
        Retention Policy
      </h2>
      <div className="mt-4 space-y-5">
        <TextField
          id="unengaged-days"
          name="unengagedDays"
          label="Requests that ended without an engagement (days)"
          hint={daysHint(unengaged, "Declined or closed requests")}
          inputMode="numeric"
          value={unengaged}
          onChange={(e) => setUnengaged(e.target.value)}
          error={errors.unengagedDays ?? errors.form}
        />
        <TextField
          id="engaged-days"
          name="engagedDays"
          label="Requests that became engagements (days)"
          hint={daysHint(engaged, "Engaged requests")}
          inputMode="numeric"
          value={engaged}
          onChange={(e) => setEngaged(e.target.value)}
          error={errors.engagedDays}
        />
      </div>
      <button type="submit" disabled={saving} className="btn-navy mt-6 disabled:opacity-70">
        <Save className="size-4" aria-hidden="true" />
        {saving ? "Saving..." : checking ? "Checking..." : "Save Policy"}
      </button>
      <ConfirmDialog
        open={dryRun !== null}
        title="Keep requests for fewer days?"
        text={dryRun && <DryRunText dryRun={dryRun} />}
        confirmLabel="Save Shorter Policy"
        pendingLabel="Saving..."
        pending={saving}
        onConfirm={() => void put()}
        onCancel={() => setDryRun(null)}
      />
    </form>
  );
}

/** How many requests, and which, the next purge would delete under the proposed days; references only. */
function DryRunText({ dryRun }: { dryRun: RetentionDryRun }) {
  const shown = dryRun.deletions.slice(0, DRY_RUN_SHOWN);
  const more = dryRun.count - shown.length;
  return (
    <>
      <p>
        {dryRun.count === 0 ? (
          "The next purge would delete no request at once under the new policy."
        ) : (
          <>
            The next purge would delete{" "}
            <strong>
              {dryRun.count} {dryRun.count === 1 ? "request" : "requests"}
            </strong>{" "}
            at once under the new policy, and they cannot be restored:
          </>
        )}
      </p>
      {shown.length > 0 && (
        <ul aria-label="Requests the new policy deletes" className="mt-3 max-h-48 overflow-y-auto text-sm">
          {shown.map((d) => (
            <li key={d.reference} className="py-0.5">
              <span className="font-mono font-semibold">{d.reference}</span>
              <span className="text-ink-muted"> · {STATUS_LABELS[d.status]}</span>
            </li>
          ))}
          {more > 0 && <li className="py-0.5 text-ink-muted">and {more} more</li>}
        </ul>
      )}
      <p className="mt-3 text-sm text-ink-muted">
        Counted for {formatLongDate(dryRun.asOf)}; nothing has been deleted yet. Requests due later are
        deleted when their own time is up.
      </p>
    </>
  );
}

function UpcomingPurges({ view }: { view: RetentionView }) {
  return (
    <section
      aria-labelledby="upcoming-title"
      className="rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <div className="flex items-center gap-3">
        <CalendarClock className="size-6 shrink-0 text-navy" aria-hidden="true" />
        <h2 id="upcoming-title" className="font-serif text-2xl font-bold text-navy">
          Next Purges
        </h2>
      </div>
      <p className="mt-2 text-sm text-ink-muted">
        {view.lastPurgeAt ? `Last purge: ${formatDateTime(view.lastPurgeAt)}.` : "The purge has not run yet."}{" "}
        Requests due in the next {view.horizonDays} days, by reference only.
      </p>
      {view.upcoming.length === 0 ? (
        <p className="mt-4 text-ink">No request is due for deletion in the next {view.horizonDays} days.</p>
      ) : (
        <ul className="mt-4 divide-y divide-line">
          {view.upcoming.map((p) => (
            <li
              key={p.reference}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2.5"
            >
              <span>
                <span className="font-mono font-semibold text-ink">{p.reference}</span>
                <span className="text-sm text-ink-muted">
                  {" "}
                  · {STATUS_LABELS[p.status]} since {formatLongDate(p.lastChangeAt)}
                </span>
              </span>
              <span className="text-sm font-semibold text-ink">{purgeLabel(p.deleteOn, view.today)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-4 text-sm text-ink-muted">
        An operator can list the same for any date with{" "}
        <code>tracewell retention --dry-run --as-of YYYY-MM-DD</code>.
      </p>
    </section>
  );
}

export const privacyAdminPage = adminPage(PrivacyAdminPage, {
  title: "Data & Privacy",
  description: "How long intake requests are kept, and the deletions due next.",
});
