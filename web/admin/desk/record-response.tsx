import { PhoneCall } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import {
  RESPONSE_CHANNEL_LABELS,
  RESPONSE_CHANNELS,
  RESPONSE_CLOCK_SKEW_MS,
  RESPONSE_MESSAGES,
  type ResponseChannel,
} from "../../../src/contracts/desk";
import type { SubmissionDetail } from "../../../src/contracts/submissions";
import type { FieldMessages } from "../../lib/api-errors";
import { CONTROL_CLASS, Field } from "../shared/field";
import { recordResponse, type Saved } from "./desk-requests";
import { fromLocalInput, toLocalInput } from "./response-time";

type Values = { channel: ResponseChannel | ""; at: string };

/** The same checks the server makes, so a slip is named before anything is sent. */
function check(values: Values, submittedAt: string, now: Date): FieldMessages {
  const errors: FieldMessages = {};
  if (!values.channel) errors.channel = RESPONSE_MESSAGES.channel;
  const at = fromLocalInput(values.at);
  if (!at) errors.at = RESPONSE_MESSAGES.at;
  else if (Date.parse(at) > now.getTime() + RESPONSE_CLOCK_SKEW_MS) errors.at = RESPONSE_MESSAGES.future;
  // Whole minutes: the minute the request arrived in is not before it (the server counts it as the arrival).
  else if (Date.parse(at) < Date.parse(submittedAt) - (Date.parse(submittedAt) % 60_000))
    errors.at = RESPONSE_MESSAGES.beforeRequest;
  return errors;
}

/**
 * Records that the client was answered another way than by a reply from the desk (a call, an e-mail from
 * another account, a meeting) and when: the first response stops the one-business-day clock. A status change
 * does not.
 */
export function RecordResponse({ detail, onSaved }: { detail: SubmissionDetail } & Saved) {
  const s = detail.submission;
  const [values, setValues] = useState<Values>(() => ({ channel: "", at: toLocalInput(new Date()) }));
  const [errors, setErrors] = useState<FieldMessages>({});
  const [pending, setPending] = useState(false);
  const channelRef = useRef<HTMLSelectElement>(null);
  const atRef = useRef<HTMLInputElement>(null);

  const focusFirst = (messages: FieldMessages) => {
    if (messages.channel) channelRef.current?.focus();
    else if (messages.at) atRef.current?.focus();
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problems = check(values, s.submittedAt, new Date());
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      focusFirst(problems);
      return;
    }
    setPending(true);
    const r = await recordResponse(
      s.id,
      { channel: values.channel, at: fromLocalInput(values.at) },
      {
        title: "Response Recorded",
        description: `${RESPONSE_CHANNEL_LABELS[values.channel as ResponseChannel]} on ${s.reference} is in its history.`,
      },
    );
    setPending(false);
    if (r.detail) {
      setValues({ channel: "", at: toLocalInput(new Date()) });
      setErrors({});
      onSaved(r.detail);
      return;
    }
    setErrors(r.errors ?? {});
    focusFirst(r.errors ?? {});
  };

  return (
    <section
      aria-labelledby="response-title"
      className="rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <h2 id="response-title" className="font-serif text-xl font-bold text-navy">
        Responded another way
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        A call, an email from another account or a meeting counts as a response to the client; a status change
        does not. Replies sent from this page count by themselves.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4">
        <Field id="response-channel" label="How" error={errors.channel ?? errors.form}>
          {(control) => (
            <select
              {...control}
              ref={channelRef}
              name="channel"
              value={values.channel}
              onChange={(e) => setValues({ ...values, channel: e.target.value as Values["channel"] })}
              className={`${CONTROL_CLASS} min-h-11`}
            >
              <option value="">Choose...</option>
              {RESPONSE_CHANNELS.map((c) => (
                <option key={c} value={c}>
                  {RESPONSE_CHANNEL_LABELS[c]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="response-at" label="When" hint="Your computer's date and time." error={errors.at}>
          {(control) => (
            <input
              {...control}
              ref={atRef}
              name="at"
              type="datetime-local"
              min={toLocalInput(new Date(s.submittedAt))}
              max={toLocalInput(new Date())}
              value={values.at}
              onChange={(e) => setValues({ ...values, at: e.target.value })}
              className={`${CONTROL_CLASS} min-h-11`}
            />
          )}
        </Field>
        <button type="submit" disabled={pending} className="btn-navy w-full disabled:opacity-70">
          <PhoneCall className="size-4" aria-hidden="true" />
          {pending ? "Recording..." : "Record Response"}
        </button>
      </form>
    </section>
  );
}
