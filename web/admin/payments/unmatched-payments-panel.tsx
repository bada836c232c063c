import { type FormEvent, useCallback, useEffect, useState } from "react";
import { Link } from "wouter";
import { dollars } from "../../../src/contracts/money";
import { PATHS } from "../../../src/contracts/paths";
import {
  UNMATCHED_PAYMENTS_API,
  UNMATCHED_REASON_WORDS,
  type UnmatchedPayment,
  unmatchedPaymentPath,
} from "../../../src/contracts/payments";
import { formatWeekdayDay } from "../../../src/contracts/time-format";
import { apiAnswer, getJson } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { TextField } from "../shared/text-field";

/**
 * Card payments Stripe reported that named no engagement (a mistyped reference, none, another currency): each
 * with what staff need to find it (amount, day, payer, Stripe's id), matched to a request by its reference or
 * dismissed. It loads them itself and shows nothing at all while there are none.
 */
export function UnmatchedPaymentsPanel() {
  const [payments, setPayments] = useState<UnmatchedPayment[] | null>(null);
  const load = useCallback(() => {
    getJson<{ payments: UnmatchedPayment[] }>([UNMATCHED_PAYMENTS_API]).then(
      (a) => setPayments(a.payments),
      () => undefined,
    );
  }, []);
  useEffect(load, [load]);
  if (!payments || payments.length === 0) return null;
  return (
    <section
      aria-labelledby="unmatched-payments-title"
      className="rounded-xl border border-gold bg-white p-5 shadow-sm sm:p-6 lg:col-span-2"
    >
      <h2 id="unmatched-payments-title" className="font-serif text-xl font-bold text-navy">
        Payments to match
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Paid at Stripe, but not recorded on a request: match each to the request it pays for, or dismiss it
        once settled by hand.
      </p>
      <ol className="mt-3 divide-y divide-line">
        {payments.map((p) => (
          <UnmatchedRow key={p.id} payment={p} onDone={load} />
        ))}
      </ol>
    </section>
  );
}

function UnmatchedRow({ payment: p, onDone }: { payment: UnmatchedPayment; onDone: () => void }) {
  const [reference, setReference] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const amount =
    p.currency === "usd"
      ? dollars(p.amountCents)
      : `${p.amountCents} ${p.currency.toUpperCase()} (minor units)`;

  const match = async (ev: FormEvent<HTMLFormElement>) => {
    ev.preventDefault();
    if (!reference.trim()) {
      setError("Enter the request's reference");
      return;
    }
    setPending(true);
    const answer = await apiAnswer<{ submissionId: number }>(
      "POST",
      unmatchedPaymentPath(p.id, "match"),
      { reference },
      "The payment could not be matched.",
    ).finally(() => setPending(false));
    if (!answer.ok) {
      setError(answer.fields?.reference?.[0] ?? answer.error);
      return;
    }
    toast({
      title: "Payment Matched",
      description: `${amount} recorded on ${reference.trim().toUpperCase()}.`,
    });
    onDone();
  };

  const dismiss = async () => {
    setPending(true);
    const answer = await apiAnswer("POST", unmatchedPaymentPath(p.id, "dismiss")).finally(() =>
      setPending(false),
    );
    setConfirming(false);
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    toast({
      title: "Payment Dismissed",
      description: `${amount} of ${formatWeekdayDay(p.paidOn)} left the list.`,
    });
    onDone();
  };

  return (
    <li className="grid gap-3 py-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="text-lg font-semibold text-ink">
          {amount} on {formatWeekdayDay(p.paidOn)}
        </span>
        <span className="text-sm text-ink-muted">
          {p.reference ? (
            <>
              Reference <span className="font-mono text-ink">{p.reference}</span>{" "}
            </>
          ) : (
            "It "
          )}
          {UNMATCHED_REASON_WORDS[p.reason]}
        </span>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-ink-muted">Payer</dt>
        <dd className="break-all text-ink">{p.payer ?? "not given"}</dd>
        <dt className="text-ink-muted">{p.processor} session</dt>
        <dd className="break-all font-mono text-ink">{p.objectId}</dd>
      </dl>
      <form
        noValidate
        onSubmit={match}
        aria-label={`Match the payment of ${amount}`}
        className="flex flex-wrap items-end gap-3"
      >
        <TextField
          id={`match-reference-${p.id}`}
          label="Request reference"
          name="reference"
          autoComplete="off"
          placeholder="IR-261117-7KQ3"
          value={reference}
          error={error}
          onChange={(ev) => {
            setReference(ev.target.value);
            setError(undefined);
          }}
          className="min-w-0 flex-1 basis-56"
        />
        <div className="flex gap-3 pb-0.5">
          <button type="submit" className="btn-navy min-h-11" disabled={pending}>
            Match
          </button>
          <button
            type="button"
            className="btn-outline min-h-11"
            disabled={pending}
            onClick={() => setConfirming(true)}
          >
            Dismiss
          </button>
        </div>
      </form>
      <p className="text-sm">
        <Link href={PATHS.adminSubmissions} className="text-navy underline">
          Find the request in Submissions
        </Link>
      </p>
      <ConfirmDialog
        open={confirming}
        title="Dismiss this payment?"
        text={`${amount} of ${formatWeekdayDay(p.paidOn)} leaves this list and is not recorded on any request. Dismiss it once it is settled by hand (or was a test).`}
        confirmLabel="Dismiss"
        pending={pending}
        onConfirm={dismiss}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}
