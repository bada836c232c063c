import { Plus } from "lucide-react";
import { type FormEvent, useState } from "react";
import {
  DATA_REQUEST_KIND_LABELS,
  DATA_REQUEST_KINDS,
  type DataRequestCreated,
  type DataRequestKind,
} from "../../../src/contracts/privacy";
import { apiRequest } from "../../lib/api";
import { type FieldMessages, serverErrors } from "../../lib/api-errors";
import { formatLongDate } from "../../lib/dates";
import { focusFirstInvalid } from "../../lib/focus-first-invalid";
import { failedToast } from "../shared/failed-toast";
import { CONTROL_CLASS, Field } from "../shared/field";
import { TextField } from "../shared/text-field";
import { DATA_REQUESTS_API } from "./privacy-api";

/** Records a request by address and kind, then shows its due date and the intakes the address matched. */
export function NewRequestForm({ onCreated }: { onCreated: () => Promise<void> }) {
  const [email, setEmail] = useState("");
  const [kind, setKind] = useState<DataRequestKind | "">("");
  const [errors, setErrors] = useState<FieldMessages>({});
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<DataRequestCreated | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    setSaving(true);
    setErrors({});
    try {
      const res = await apiRequest("POST", DATA_REQUESTS_API, { email, kind });
      const body = (await res.json()) as DataRequestCreated;
      setCreated(body);
      setEmail("");
      setKind("");
      // No toast: the panel below the form says what was recorded, its due date and its intakes (issue 45).
      await onCreated();
    } catch (error) {
      const fields = serverErrors(error);
      if (fields) {
        setErrors(fields);
        // A message for the whole form is shown under the address.
        focusFirstInvalid(form, { ...fields, email: fields.email ?? fields.form });
      }
      failedToast("Request Not Recorded", fields, error);
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
            name="email"
            label="Email address"
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
                name="kind"
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
