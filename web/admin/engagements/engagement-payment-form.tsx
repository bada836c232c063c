import { Banknote } from "lucide-react";
import { type FormEvent, useState } from "react";
import * as v from "valibot";
import { firmToday } from "../../../src/contracts/firm-calendar";
import { dollars, plainDollars } from "../../../src/contracts/money";
import { type EngagementView, PaymentSchema } from "../../../src/contracts/portal";
import { apiRequest } from "../../lib/api";
import { type FieldMessages, serverErrors } from "../../lib/api-errors";
import { useFirmZone } from "../../lib/dates";
import { toast } from "../../lib/toast-store";
import { failedToast } from "../shared/failed-toast";
import { TextField } from "../shared/text-field";
import { useFieldForm } from "../shared/use-field-form";
import { centsOf, engagementApi } from "./engagement-api";

const FIELDS = ["amount", "receivedOn", "method"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const toPayment = (values: Values) => ({
  amountCents: centsOf(values.amount),
  receivedOn: values.receivedOn,
  method: values.method,
});

function check(values: Values): FieldMessages {
  const out: FieldMessages = {};
  const result = v.safeParse(PaymentSchema, toPayment(values));
  if (result.success) return out;
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? "form";
    const field = key === "amountCents" ? "amount" : key;
    if (!out[field]) out[field] = issue.message;
  }
  return out;
}

/** A receipt staff record: the firm's processor takes the money, the desk only notes that it arrived. */
export function EngagementPaymentForm(props: {
  submissionId: number;
  engagement: EngagementView;
  onSaved: (e: EngagementView) => void;
}) {
  const e = props.engagement;
  // The firm's today, as the date input wants it: a receipt is dated in the firm's zone, as the ledger is.
  const timeZone = useFirmZone();
  const today = () => firmToday(new Date(), timeZone);
  // The outstanding amount is the likely receipt; once nothing is outstanding, nothing is suggested.
  const suggest = (outstanding: number) => (outstanding > 0 ? plainDollars(outstanding) : "");
  const blank = () => ({ amount: suggest(e.outstandingCents), receivedOn: today(), method: "" });
  const form = useFieldForm(FIELDS, blank(), check);
  const { values, errors, refs } = form;
  const [pending, setPending] = useState(false);

  const onSubmit = async (ev: FormEvent<HTMLFormElement>) => {
    ev.preventDefault();
    if (!form.checkAll()) return;
    setPending(true);
    try {
      const res = await apiRequest("POST", engagementApi.payments(props.submissionId), toPayment(values));
      const { engagement } = (await res.json()) as { engagement: EngagementView };
      toast({
        title: "Payment Recorded",
        description: `${dollars(centsOf(values.amount))} on ${engagement.reference}; ${dollars(engagement.outstandingCents)} outstanding.`,
      });
      form.setValues({ ...blank(), amount: suggest(engagement.outstandingCents) });
      props.onSaved(engagement);
    } catch (error) {
      const fields = serverErrors(error);
      const messages = fields
        ? Object.fromEntries(Object.entries(fields).map(([k, m]) => [k === "amountCents" ? "amount" : k, m]))
        : undefined;
      failedToast("Payment Not Recorded", messages, error);
      if (messages) form.showServerErrors(messages);
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Record a payment" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          ref={refs.amount}
          id="payment-amount"
          label="Amount (US dollars)"
          name="amount"
          inputMode="decimal"
          value={values.amount}
          onChange={(ev) => form.change("amount", ev.target.value)}
          onBlur={() => form.blur("amount")}
          error={errors.amount}
        />
        <TextField
          ref={refs.receivedOn}
          id="payment-received-on"
          label="Date received"
          name="receivedOn"
          type="date"
          value={values.receivedOn}
          onChange={(ev) => form.change("receivedOn", ev.target.value)}
          onBlur={() => form.blur("receivedOn")}
          error={errors.receivedOn}
        />
      </div>
      <TextField
        ref={refs.method}
        id="payment-method"
        label="Method"
        hint="For example: card through the processor, wire, check number."
        name="method"
        value={values.method}
        onChange={(ev) => form.change("method", ev.target.value)}
        onBlur={() => values.method && form.blur("method")}
        error={errors.method}
      />
      <button
        type="submit"
        disabled={pending}
        className="btn-navy w-full disabled:opacity-70 sm:w-auto sm:justify-self-start"
      >
        <Banknote className="size-4" aria-hidden="true" />
        {pending ? "Recording..." : "Record Payment"}
      </button>
    </form>
  );
}
