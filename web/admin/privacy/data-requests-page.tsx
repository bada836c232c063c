import { CheckCheck, Download, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import {
  DATA_REQUEST_DUE_DAYS,
  DATA_REQUEST_KIND_LABELS,
  DATA_REQUEST_KINDS,
  type DataRequestCreated,
  type DataRequestItem,
  type DataRequestKind,
} from "../../../src/contracts/privacy";
import { apiRequest } from "../../lib/api";
import { type FieldMessages, serverErrors, serverMessage } from "../../lib/api-errors";
import { formatLongDate } from "../../lib/dates";
import { toast } from "../../lib/toast-store";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { CONTROL_CLASS, Field } from "../shared/field";
import { TextField } from "../shared/text-field";
import { DATA_REQUESTS_API, dataRequestApi, daysLeftText, useDataRequests } from "./privacy-api";
import { PrivacyTabs } from "./privacy-tabs";

export function DataRequestsPage() {
  return <AdminFrame>{() => <DataRequests />}</AdminFrame>;
}

function DataRequests() {
  const { items, reload } = useDataRequests();
  const [erasing, setErasing] = useState<DataRequestItem | null>(null);
  const [pending, setPending] = useState(false);

  const act = async (item: DataRequestItem, action: "erase" | "complete") => {
    setPending(true);
    try {
      const res = await apiRequest("POST", dataRequestApi[action](item.id));
      const body = (await res.json()) as { erased?: number };
      toast({
        title: action === "erase" ? "Intakes Erased" : "Request Completed",
        description:
          action === "erase"
            ? `${body.erased ?? 0} ${body.erased === 1 ? "intake was" : "intakes were"} deleted with their notes and mail; a receipt for each is in the audit log. The address is no longer kept.`
            : `Request #${item.id} is completed. The address is no longer kept.`,
      });
      await reload();
    } catch (error) {
      toast({
        title: action === "erase" ? "Nothing Erased" : "Request Not Completed",
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
      setErasing(null);
    }
  };

  return (
    <>
      <p className="eyebrow">Data &amp; Privacy</p>
      <h1 className="mt-2 font-serif text-3xl font-bold text-navy sm:text-4xl">Data Requests</h1>
      <p className="mt-3 max-w-2xl text-ink-muted">
        Requests from people to access, correct or delete the personal information we hold, or to opt out.
        Each is due {DATA_REQUEST_DUE_DAYS} days after it is received. Every step is recorded in the audit
        log; once a request is completed its e-mail address is no longer kept.
      </p>
      <PrivacyTabs />
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,24rem)_1fr]">
        <NewRequestForm onCreated={reload} />
        <section aria-labelledby="requests-title">
          <h2 id="requests-title" className="font-serif text-2xl font-bold text-navy">
            Requests
          </h2>
          <div aria-live="polite">
            {items === null && <p className="mt-3 text-ink-muted">Loading data requests...</p>}
            {items === "failed" && (
              <p className="mt-3 text-ink-muted">The data requests could not be loaded.</p>
            )}
            {Array.isArray(items) && items.length === 0 && (
              <p className="mt-3 text-ink-muted">No data requests have been recorded yet.</p>
            )}
          </div>
          {Array.isArray(items) && items.length > 0 && (
            <ul className="mt-4 space-y-4">
              {items.map((item) => (
                <RequestCard
                  key={item.id}
                  item={item}
                  pending={pending}
                  onErase={() => setErasing(item)}
                  onComplete={() => act(item, "complete")}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
      <ConfirmDialog
        open={erasing !== null}
        title="Erase These Intakes?"
        text={
          erasing &&
          `Every intake from the address of request #${erasing.id} (${erasing.intakeCount} now) is deleted for good, with its notes and queued mail, and the request is completed. This cannot be undone.`
        }
        confirmLabel="Erase Intakes"
        pendingLabel="Erasing..."
        pending={pending}
        onConfirm={() => erasing && act(erasing, "erase")}
        onCancel={() => setErasing(null)}
      />
    </>
  );
}

function RequestCard(props: {
  item: DataRequestItem;
  pending: boolean;
  onErase: () => void;
  onComplete: () => void;
}) {
  const { item, pending } = props;
  const open = item.status === "open";
  const late = open && (item.daysLeft ?? 0) < 0;
  const kind = DATA_REQUEST_KIND_LABELS[item.kind];
  return (
    <li
      aria-labelledby={`request-${item.id}`}
      className="rounded-xl border border-line bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={`request-${item.id}`} className="font-serif text-xl font-bold text-navy">
          {kind} request #{item.id}
        </h3>
        <span
          className={`rounded-full border px-2.5 py-0.5 text-xs font-semibold ${
            open
              ? late
                ? "border-danger bg-danger-light text-danger"
                : "border-gold-dark bg-gold-light text-ink"
              : "border-ink-muted bg-paper-deep text-ink"
          }`}
        >
          {open ? (late ? "Overdue" : "Open") : "Completed"}
        </span>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline text-ink-muted">Received: </dt>
          <dd className="inline text-ink">{formatLongDate(item.receivedAt)}</dd>
        </div>
        <div>
          <dt className="inline text-ink-muted">{open ? "Due: " : "Completed: "}</dt>
          <dd className="inline font-semibold text-ink">
            {open
              ? `${formatLongDate(item.dueAt)} (${daysLeftText(item.daysLeft ?? 0)})`
              : formatLongDate(item.completedAt ?? item.dueAt)}
          </dd>
        </div>
        <div>
          <dt className="inline text-ink-muted">Intakes from the address: </dt>
          <dd className="inline text-ink">{item.intakeCount}</dd>
        </div>
      </dl>
      {open && (
        <div className="mt-4 flex flex-wrap gap-3">
          <a
            href={dataRequestApi.export(item.id)}
            download
            className="btn-outline min-h-10 px-3 py-1.5 text-sm"
          >
            <Download className="size-4" aria-hidden="true" />
            Export JSON<span className="sr-only"> of request #{item.id}</span>
          </a>
          {item.kind === "deletion" ? (
            <button
              type="button"
              onClick={props.onErase}
              disabled={pending}
              className="btn-base min-h-10 border-2 border-danger px-3 py-1.5 text-sm text-danger hover:bg-danger-light disabled:opacity-70"
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Erase Intakes<span className="sr-only"> of request #{item.id}</span>
            </button>
          ) : (
            <button
              type="button"
              onClick={props.onComplete}
              disabled={pending}
              className="btn-navy min-h-10 px-3 py-1.5 text-sm disabled:opacity-70"
            >
              <CheckCheck className="size-4" aria-hidden="true" />
              Mark Completed<span className="sr-only"> request #{item.id}</span>
            </button>
          )}
        </div>
      )}
    </li>
  );
}

function NewRequestForm({ onCreated }: { onCreated: () => Promise<void> }) {
  const [email, setEmail] = useState("");
  const [kind, setKind] = useState<DataRequestKind | "">("");
  const [errors, setErrors] = useState<FieldMessages>({});
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<DataRequestCreated | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const res = await apiRequest("POST", DATA_REQUESTS_API, { email, kind });
      const body = (await res.json()) as DataRequestCreated;
      setCreated(body);
      setEmail("");
      setKind("");
      toast({
        title: "Request Recorded",
        description: `Due ${formatLongDate(body.dueAt)}. ${body.references.length} ${body.references.length === 1 ? "intake matches" : "intakes match"} the address.`,
      });
      await onCreated();
    } catch (error) {
      const fields = serverErrors(error);
      if (fields) setErrors(fields);
      toast({
        title: "Request Not Recorded",
        description: fields
          ? "Check the messages under the fields."
          : serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div>
      <form
        onSubmit={submit}
        noValidate
        aria-labelledby="new-request-title"
        className="rounded-xl border border-line bg-white p-6 shadow-sm"
      >
        <h2 id="new-request-title" className="font-serif text-2xl font-bold text-navy">
          Record a Request
        </h2>
        <div className="mt-4 space-y-5">
          <TextField
            id="request-email"
            label="E-mail address"
            hint="The address the person wrote from; intakes from exactly this address are matched."
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email ?? errors.form}
          />
          <Field id="request-kind" label="What they ask for" error={errors.kind}>
            {(control) => (
              <select
                {...control}
                value={kind}
                onChange={(e) => setKind(e.target.value as DataRequestKind | "")}
                className={`${CONTROL_CLASS} min-h-11`}
              >
                <option value="">Choose...</option>
                {DATA_REQUEST_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {DATA_REQUEST_KIND_LABELS[k]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <button type="submit" disabled={saving} className="btn-navy mt-6 disabled:opacity-70">
          <Plus className="size-4" aria-hidden="true" />
          {saving ? "Recording..." : "Record Request"}
        </button>
      </form>
      {created && (
        <section
          aria-labelledby="created-title"
          aria-live="polite"
          className="mt-4 rounded-xl border border-line bg-paper-deep p-5"
        >
          <h3 id="created-title" className="font-semibold text-navy">
            Request #{created.id}, due {formatLongDate(created.dueAt)}
          </h3>
          {created.references.length === 0 ? (
            <p className="mt-1 text-sm text-ink">No intake comes from this address.</p>
          ) : (
            <>
              <p className="mt-1 text-sm text-ink">Intakes from this address:</p>
              <ul className="mt-1 flex flex-wrap gap-2">
                {created.references.map((r) => (
                  <li key={r} className="rounded bg-white px-2 py-0.5 font-mono text-sm text-ink">
                    {r}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
    </div>
  );
}

export const dataRequestsPage = adminPage(DataRequestsPage, {
  title: "Data Requests",
  description: "Access, correction, deletion and opt-out requests, with their due dates.",
});
