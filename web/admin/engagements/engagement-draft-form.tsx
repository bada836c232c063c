import { Save } from "lucide-react";
import { type FormEvent, type RefObject, useState } from "react";
import * as v from "valibot";
import { DEFAULT_HOURLY_RATE_CENTS } from "../../../src/contracts/ledger";
import { plainDollars } from "../../../src/contracts/money";
import {
  type EngagementDraft,
  EngagementDraftSchema,
  type EngagementView,
  FEE_KINDS,
  SIGNER_ROLE_LABELS,
  type SignerRole,
} from "../../../src/contracts/portal";
import { apiRequest } from "../../lib/api";
import { type FieldMessages, serverErrors } from "../../lib/api-errors";
import { toast } from "../../lib/toast-store";
import { failedToast } from "../shared/failed-toast";
import { CONTROL_CLASS, Field } from "../shared/field";
import { TextArea } from "../shared/text-area";
import { TextField } from "../shared/text-field";
import { useFieldForm } from "../shared/use-field-form";
import { centsOf, engagementApi } from "./engagement-api";

const FIELDS = ["scope", "fee", "feeKind", "rate", "turnaround", "subjects", "cadence"] as const;
type Values = Record<(typeof FIELDS)[number], string>;
/** The contract's field names, as the form names them. */
const FORM_FIELD: Record<string, string> = {
  feeCents: "fee",
  hourlyRateCents: "rate",
  turnaroundBusinessDays: "turnaround",
};

/** One subject a line, as the desk types them; blank lines are nothing. */
const subjectsOf = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);

/** Who signs, as the form holds them: the requester has no address of their own (the request's is theirs). */
export type PartyValues = {
  key: string;
  role: SignerRole;
  name: string;
  email: string;
  requester: boolean;
  /** A new access code to tell them by phone (ADR 305); blank keeps theirs (none for a new signer). */
  accessCode?: string;
};
export type Parties = { signers: PartyValues[]; cc: string; countersign: boolean };
const NO_PARTIES: Parties = { signers: [], cc: "", countersign: false };

const ccOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);

const partiesOf = (p: Parties) => ({
  ...(p.signers.length > 0
    ? {
        // A party the desk was asked for and left blank (name and address) is no party: counsel signs alone.
        signers: p.signers
          .filter((s) => s.requester || s.name.trim() !== "" || s.email.trim() !== "")
          .map((s) => ({
            role: s.role,
            name: s.name.trim(),
            ...(s.requester ? {} : { email: s.email.trim() }),
            ...(s.accessCode?.trim() ? { accessCode: s.accessCode.trim() } : {}),
          })),
      }
    : {}),
  // Sent only when given: a draft without copies or a countersignature says nothing of them.
  ...(ccOf(p.cc).length > 0 ? { cc: ccOf(p.cc) } : {}),
  ...(p.countersign ? { countersign: true } : {}),
});

/** The draft's parties as the form shows them. */
export const partiesFrom = (d: EngagementDraft): Parties => ({
  signers: (d.signers ?? []).map((s, n) => ({
    key: `signer-${n + 1}`,
    role: s.role,
    name: s.name,
    email: s.email ?? "",
    requester: s.email === undefined,
  })),
  cc: (d.cc ?? []).join(", "),
  countersign: d.countersign ?? false,
});

const toDraft = (values: Values, expedite: boolean, parties: Parties = NO_PARTIES) => ({
  ...partiesOf(parties),
  scope: values.scope,
  feeCents: centsOf(values.fee),
  feeKind: values.feeKind,
  ...(values.feeKind === "retainer" ? { hourlyRateCents: centsOf(values.rate) } : {}),
  turnaroundBusinessDays: Number(values.turnaround),
  expedite,
  ...(values.feeKind === "monthly" ? { subjects: subjectsOf(values.subjects), cadence: values.cadence } : {}),
});

/** The contract's messages under the form's fields: one schema for the form and the server. */
function check(values: Values, expedite: boolean): FieldMessages {
  const out: FieldMessages = {};
  const result = v.safeParse(EngagementDraftSchema, toDraft(values, expedite));
  if (result.success) return out;
  for (const issue of result.issues) {
    const key = (v.getDotPath(issue) ?? "form").replace(/^subjects\.\d+$/, "subjects");
    const field = FORM_FIELD[key] ?? key;
    if (!out[field]) out[field] = issue.message;
  }
  return out;
}

const valuesOf = (d: EngagementDraft): Values => ({
  scope: d.scope,
  fee: plainDollars(d.feeCents),
  feeKind: d.feeKind,
  rate: plainDollars(d.hourlyRateCents ?? DEFAULT_HOURLY_RATE_CENTS),
  turnaround: String(d.turnaroundBusinessDays),
  subjects: (d.subjects ?? []).join("\n"),
  cadence: d.cadence ?? "quarterly",
});

const FEE_KIND_LABEL: Record<string, string> = {
  flat: "Flat fee (upfront)",
  retainer: "Retainer",
  monthly: "Monthly, per subject (Judgment Intel)",
};

/**
 * The letter's terms: scope, fee, turnaround and expedite, pre-filled from the request's service (its published
 * price and turnaround) and editable until the client signs.
 */
export function EngagementDraftForm(props: {
  submissionId: number;
  start: EngagementDraft;
  saved: boolean;
  onSaved: (e: EngagementView) => void;
}) {
  const [expedite, setExpedite] = useState(props.start.expedite);
  const form = useFieldForm(FIELDS, valuesOf(props.start), (vals) => check(vals, expedite));
  const { values, errors, refs } = form;
  const [pending, setPending] = useState(false);
  const [parties, setParties] = useState<Parties>(() => partiesFrom(props.start));
  const [partyErrors, setPartyErrors] = useState<Record<string, string>>({});
  const setSigner = (i: number, change: Partial<PartyValues>) =>
    setParties((p) => ({ ...p, signers: p.signers.map((s, j) => (j === i ? { ...s, ...change } : s)) }));

  /** The parties' messages, by their path ("signers.1.email", "cc"), from the one schema. */
  const checkParties = (): boolean => {
    const result = v.safeParse(EngagementDraftSchema, toDraft(values, expedite, parties));
    const found: Record<string, string> = {};
    if (!result.success)
      for (const issue of result.issues) {
        const path = v.getDotPath(issue) ?? "";
        const key = path.startsWith("cc") ? "cc" : path;
        if ((key.startsWith("signers") || key === "cc") && !found[key]) found[key] = issue.message;
      }
    setPartyErrors(found);
    return Object.keys(found).length === 0;
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const termsOk = form.checkAll();
    if (!checkParties() || !termsOk) return;
    setPending(true);
    try {
      const res = await apiRequest(
        "PUT",
        engagementApi.one(props.submissionId),
        toDraft(values, expedite, parties),
      );
      const { engagement } = (await res.json()) as { engagement: EngagementView };
      toast({ title: "Draft Saved", description: "The letter now carries these terms." });
      props.onSaved(engagement);
    } catch (error) {
      const fields = serverErrors(error);
      const messages = fields
        ? Object.fromEntries(Object.entries(fields).map(([k, m]) => [FORM_FIELD[k] ?? k, m]))
        : undefined;
      failedToast("Draft Not Saved", messages, error, {
        fallback: "Please try again. What you wrote is still here.",
      });
      if (messages) form.showServerErrors(messages);
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Engagement terms" className="grid gap-4">
      <TextArea
        ref={refs.scope as unknown as RefObject<HTMLTextAreaElement>}
        id="engagement-scope"
        label="Scope"
        hint="What the firm will do, as the letter states it."
        name="scope"
        rows={5}
        value={values.scope}
        onChange={(e) => form.change("scope", e.target.value)}
        onBlur={() => form.blur("scope")}
        error={errors.scope}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          ref={refs.fee}
          id="engagement-fee"
          label={values.feeKind === "monthly" ? "Fee per subject per month (US dollars)" : "Fee (US dollars)"}
          name="fee"
          inputMode="decimal"
          value={values.fee}
          onChange={(e) => form.change("fee", e.target.value)}
          onBlur={() => form.blur("fee")}
          error={errors.fee}
        />
        <Field id="engagement-fee-kind" label="Fee kind" error={errors.feeKind}>
          {(control) => (
            <select
              {...control}
              ref={refs.feeKind as unknown as RefObject<HTMLSelectElement>}
              name="feeKind"
              value={values.feeKind}
              onChange={(e) => form.change("feeKind", e.target.value)}
              className={`${CONTROL_CLASS} min-h-11`}
            >
              {FEE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {FEE_KIND_LABEL[k]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {values.feeKind === "retainer" && (
          <TextField
            ref={refs.rate}
            id="engagement-rate"
            label="Hourly rate (US dollars)"
            hint="The letter states it; time is billed at it, drawn from the retainer."
            name="rate"
            inputMode="decimal"
            value={values.rate}
            onChange={(e) => form.change("rate", e.target.value)}
            onBlur={() => form.blur("rate")}
            error={errors.rate}
          />
        )}
        <TextField
          ref={refs.turnaround}
          id="engagement-turnaround"
          label="Turnaround (business days)"
          name="turnaround"
          inputMode="numeric"
          value={values.turnaround}
          onChange={(e) => form.change("turnaround", e.target.value)}
          onBlur={() => form.blur("turnaround")}
          error={errors.turnaround}
        />
        <label className="flex min-h-11 items-center gap-2 self-end text-ink">
          <input
            type="checkbox"
            name="expedite"
            checked={expedite}
            onChange={(e) => setExpedite(e.target.checked)}
            className="size-5"
          />
          Expedited (72 hours)
        </label>
      </div>
      {values.feeKind === "monthly" && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextArea
            ref={refs.subjects as unknown as RefObject<HTMLTextAreaElement>}
            id="engagement-subjects"
            label="Subjects monitored"
            hint="One person or entity a line, 1 to 20. Counsel directs Judgment Intel: it is sent only to an attorney."
            name="subjects"
            rows={4}
            value={values.subjects}
            onChange={(e) => form.change("subjects", e.target.value)}
            onBlur={() => form.blur("subjects")}
            error={errors.subjects}
          />
          <Field id="engagement-cadence" label="Sweeps" error={errors.cadence}>
            {(control) => (
              <select
                {...control}
                ref={refs.cadence as unknown as RefObject<HTMLSelectElement>}
                name="cadence"
                value={values.cadence}
                onChange={(e) => form.change("cadence", e.target.value)}
                className={`${CONTROL_CLASS} min-h-11 self-start`}
              >
                <option value="quarterly">Quarterly (included)</option>
                <option value="monthly">Monthly (priced extra)</option>
              </select>
            )}
          </Field>
        </div>
      )}
      <fieldset className="grid gap-4 rounded-lg border border-line p-4">
        <legend className="px-1 font-semibold text-ink">Who signs, in order</legend>
        <p className="text-sm text-ink-muted">
          Each party signs in their own name, by a link of their own, in this order: the next is emailed when
          the one before has signed.
        </p>
        {parties.signers.map((s, i) => (
          <div key={s.key} className="grid gap-3">
            <TextField
              id={`engagement-signer-${i}-name`}
              label={`${i + 1}. ${SIGNER_ROLE_LABELS[s.role]}: full name`}
              hint={
                s.role === "counsel"
                  ? "The attorney directing the work, who receives every report."
                  : s.requester
                    ? "The person the work is for, who pays."
                    : "The person the work is for, who pays. Left blank (with no address), counsel signs alone."
              }
              name={`signer-${i}-name`}
              value={s.name}
              onChange={(ev) => setSigner(i, { name: ev.target.value })}
              error={partyErrors[`signers.${i}.name`]}
            />
            {s.requester ? (
              <p className="self-center text-sm text-ink-muted">
                Emailed at the request's own address (they sent the request).
              </p>
            ) : (
              <TextField
                id={`engagement-signer-${i}-email`}
                label={`${SIGNER_ROLE_LABELS[s.role]}'s email address`}
                name={`signer-${i}-email`}
                inputMode="email"
                value={s.email}
                onChange={(ev) => setSigner(i, { email: ev.target.value })}
                error={partyErrors[`signers.${i}.email`]}
              />
            )}
            <TextField
              id={`engagement-signer-${i}-code`}
              label={`${SIGNER_ROLE_LABELS[s.role]}'s access code (optional)`}
              hint="Tell it to them by phone: the portal asks for it before showing the letter, and five wrong tries lock their link. Only a hash is kept; leave blank for none, or to keep the one set."
              name={`signer-${i}-code`}
              autoComplete="off"
              value={s.accessCode ?? ""}
              onChange={(ev) => setSigner(i, { accessCode: ev.target.value })}
              error={partyErrors[`signers.${i}.accessCode`]}
            />
          </div>
        ))}
        <TextField
          id="engagement-cc"
          label="Copies of the signed letter (optional)"
          hint="Email addresses, separated by commas: they receive the sealed letter, and sign nothing."
          name="cc"
          value={parties.cc}
          onChange={(ev) => setParties((p) => ({ ...p, cc: ev.target.value }))}
          error={partyErrors.cc}
        />
        <label className="flex min-h-11 items-center gap-2 text-ink">
          <input
            type="checkbox"
            name="countersign"
            checked={parties.countersign}
            onChange={(ev) => setParties((p) => ({ ...p, countersign: ev.target.checked }))}
            className="size-5"
          />
          The firm countersigns last (an owner, in the desk)
        </label>
      </fieldset>
      <button
        type="submit"
        disabled={pending}
        className="btn-navy w-full disabled:opacity-70 sm:w-auto sm:justify-self-start"
      >
        <Save className="size-4" aria-hidden="true" />
        {pending ? "Saving..." : props.saved ? "Save Changes" : "Save Draft"}
      </button>
    </form>
  );
}
