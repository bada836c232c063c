import { AlertCircle, Download } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { dollars } from "../../src/contracts/money";
import { focusFirstInvalid } from "../lib/focus-first-invalid";
import { LetterText } from "./letter-text";
import { type Answer, type PortalEngagement, portalCall } from "./portal-api";

/** What a refused step says: at the controls it is about (by their names), or above the form when about none. */
export type Problem = { message?: string; fields: Record<string, string>; fromServer?: boolean };
export const NO_PROBLEM: Problem = { fields: {} };

/** A refused answer as the problem the page shows: the server's field messages at their controls. */
export function problemOf(answer: Answer<unknown>): Problem {
  if (answer.ok) return NO_PROBLEM;
  const fields = Object.fromEntries(
    Object.entries(answer.fields ?? {}).flatMap(([k, m]) => (m[0] ? [[k, m[0]]] : [])),
  );
  const known = ["consent", "fullName", "agree"];
  const about = Object.keys(fields).filter((k) => known.includes(k));
  return about.length > 0
    ? { fields: Object.fromEntries(about.map((k) => [k, fields[k] as string])) }
    : { message: answer.error, fields: {} };
}

/**
 * The letter: its terms at a glance, the letter itself to read in the page (word for word its PDF, one click
 * away), then at its end the two steps that make it binding: consent to sign electronically and the typed
 * signature naming the letter's fingerprint. Plain forms, so they work without the script too; a refusal is
 * said at the control it is about, which takes focus.
 */
export function LetterSection(props: {
  engagement: PortalEngagement;
  problem: Problem;
  onAnswer: (a: Answer<unknown>) => void;
}) {
  const e = props.engagement;
  const { problem } = props;
  const [consent, setConsent] = useState(false);
  const [agree, setAgree] = useState(false);
  const [name, setName] = useState("");
  const consentForm = useRef<HTMLFormElement>(null);
  const signForm = useRef<HTMLFormElement>(null);
  // A refusal the script received moves focus to the first control it is about (a form posted without the
  // script comes back with the control's autofocus instead).
  useEffect(() => {
    if (!problem.fromServer) return;
    focusFirstInvalid(consentForm.current ?? signForm.current, problem.fields);
  }, [problem]);
  const signed = Boolean(e.signedAt);
  // Where the signing round stands for this signer (ADR 297): signed already, waiting on someone before them,
  // or stopped (declined, expired, waiting on the firm). Only a signer whose turn it is sees the signature.
  const round = e.signing;
  const me = round?.signers.find((s) => s.position === e.you?.position) ?? null;
  const waitingOn = round?.signers.find((s) => s.waiting) ?? null;
  const stopped = round && round.status !== "waiting" && round.status !== "signed";
  const myTurn = !signed && !stopped && !me?.signedAt && (!waitingOn || waitingOn.position === me?.position);
  const firstInvalid = ["consent", "fullName", "agree"].find((k) => problem.fields[k]);

  return (
    <section id="letter" aria-labelledby="letter-title" className="scroll-mt-6 space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="letter-title" className="font-serif text-2xl font-bold text-navy sm:text-3xl">
          {signed ? "Your signed engagement letter" : "Your engagement letter"}
        </h2>
        <a className="btn-outline" href="/api/portal/letter.pdf" download>
          <Download className="size-4" aria-hidden="true" />
          {signed ? "Download your signed letter (PDF)" : "Download the engagement letter (PDF)"}
        </a>
      </div>
      <dl className="grid gap-4 rounded-xl border border-line bg-white p-5 sm:grid-cols-3">
        <Fact label="Service" value={e.service} />
        <Fact
          label="Fee"
          value={
            e.monthly
              ? `${dollars(e.feeCents)} per subject per month (${dollars(e.monthly.monthlyCents)} a month)`
              : `${dollars(e.feeCents)} ${e.feeKind === "flat" ? "flat fee" : "retainer"}`
          }
        />
        {e.monthly ? (
          <Fact label="Sweeps" value={e.monthly.cadence === "quarterly" ? "Quarterly" : "Monthly"} />
        ) : (
          <Fact
            label="Turnaround"
            value={`${e.turnaroundBusinessDays} business days${e.expedite ? " (expedited: 72 hours)" : ""}`}
          />
        )}
      </dl>

      {e.letter ? (
        signed ? (
          <details className="rounded-xl border border-line bg-white p-5">
            <summary className="cursor-pointer font-semibold text-navy">Read the letter you signed</summary>
            <div className="mt-4">
              <LetterText letter={e.letter} />
            </div>
          </details>
        ) : (
          <article
            aria-label="The engagement letter"
            className="rounded-xl border border-line bg-white p-5 shadow-sm sm:p-10"
          >
            <LetterText letter={e.letter} />
          </article>
        )
      ) : (
        <p className="text-ink">Read the letter in its PDF above before you sign.</p>
      )}

      {problem.message && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {problem.message}
        </p>
      )}

      <RoundNotice engagement={e} />

      {!e.consentedAt && !signed && !stopped && !me?.signedAt && (
        <section
          aria-labelledby="consent-title"
          className="rounded-xl border-2 border-navy bg-white p-5 sm:p-6"
        >
          <h3 id="consent-title" className="font-serif text-2xl font-bold text-navy">
            1. Consent to sign electronically
          </h3>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-ink">
            {e.disclosure.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <form
            ref={consentForm}
            method="post"
            action="/api/portal/consent"
            className="mt-4 space-y-4"
            noValidate
            onSubmit={(ev) => {
              ev.preventDefault();
              portalCall("/consent", { consent }).then(props.onAnswer);
            }}
          >
            <Checkbox
              name="consent"
              checked={consent}
              onChange={setConsent}
              error={problem.fields.consent}
              autoFocus={firstInvalid === "consent"}
            >
              I have read the disclosure above and consent to receive and sign these records electronically.
            </Checkbox>
            <button type="submit" className="btn-navy w-full sm:w-auto">
              Give consent
            </button>
          </form>
        </section>
      )}

      {e.consentedAt && myTurn && (
        <section aria-labelledby="sign-title" className="rounded-xl border-2 border-navy bg-white p-5 sm:p-6">
          <h3 id="sign-title" className="font-serif text-2xl font-bold text-navy">
            2. Sign the letter
          </h3>
          <form
            ref={signForm}
            method="post"
            action="/api/portal/sign"
            className="mt-4 space-y-4"
            noValidate
            onSubmit={(ev) => {
              ev.preventDefault();
              portalCall("/sign", { fullName: name, agree, letterSha256: e.letterSha256 }).then(
                props.onAnswer,
              );
            }}
          >
            <p className="text-ink">
              You sign the letter above, exactly as you can download it, as the person it is addressed to:{" "}
              <strong>{e.clientName}</strong>.
            </p>
            {/* The fingerprint is for whoever checks the signed PDF later, not a step of signing. */}
            <details className="text-sm text-ink-muted">
              <summary className="cursor-pointer">Technical details</summary>
              <p className="mt-2">
                The letter's SHA-256 fingerprint, which your signature names:{" "}
                <code className="break-all font-mono">{e.letterSha256}</code>
              </p>
            </details>
            {/* Without the script the form names the letter this page showed too. */}
            <input type="hidden" name="letterSha256" value={e.letterSha256 ?? ""} />
            <div>
              <label htmlFor="full-name" className="block font-semibold text-ink">
                Your full name, as it appears on the letter ({e.clientName})
              </label>
              <input
                id="full-name"
                name="fullName"
                autoComplete="name"
                value={name}
                // biome-ignore lint/a11y/noAutofocus: a form posted without the script comes back to the field it must fix
                autoFocus={firstInvalid === "fullName"}
                aria-invalid={problem.fields.fullName ? true : undefined}
                aria-describedby={problem.fields.fullName ? "full-name-error" : undefined}
                onChange={(ev) => setName(ev.target.value)}
                className="mt-1 w-full rounded-lg border border-line bg-white px-3 py-2 font-serif text-lg text-ink aria-[invalid=true]:border-danger"
              />
              <FieldError id="full-name-error" message={problem.fields.fullName} />
            </div>
            <Checkbox
              name="agree"
              checked={agree}
              onChange={setAgree}
              error={problem.fields.agree}
              autoFocus={firstInvalid === "agree"}
            >
              I agree to sign the engagement letter above with the name I typed.
            </Checkbox>
            <button type="submit" className="btn-navy w-full sm:w-auto">
              I agree to sign
            </button>
          </form>
        </section>
      )}

      {!signed && !stopped && !me?.signedAt && <DeclineForm onAnswer={props.onAnswer} />}
    </section>
  );
}

/**
 * Where the round stands for this signer, in words: who signs before them, that they signed and who is next, or
 * why the letter can no longer be signed (declined with its reason, expired, waiting on the firm).
 */
function RoundNotice({ engagement: e }: { engagement: PortalEngagement }) {
  const round = e.signing;
  if (!round || round.status === "signed" || round.signers.length === 0) return null;
  const me = round.signers.find((s) => s.position === e.you?.position);
  const waiting = round.signers.find((s) => s.waiting);
  const several = round.signers.length > 1 || round.countersign;
  const say = (text: string) => (
    <p role="status" className="rounded-lg border border-navy/30 bg-surface p-4 text-ink">
      {text}
    </p>
  );
  if (round.status === "declined")
    return say(
      `${round.declined?.by ?? "A signer"} declined this letter, so it can no longer be signed. The firm has been told and will contact you.`,
    );
  if (round.status === "expired")
    return say(
      "This letter expired before everyone signed it. Ask the firm to send it again: reply to our email.",
    );
  if (round.status === "awaiting-countersignature")
    return say(
      "Every party has signed. The letter now waits for the firm's countersignature; we email the sealed copy to everyone once it is given.",
    );
  if (me?.signedAt)
    return say(
      `You signed this letter. ${waiting ? `${waiting.name} (${waiting.role}) signs next` : "The firm countersigns next"}; we email you the sealed copy once everyone has signed.`,
    );
  if (waiting && me && waiting.position !== me.position)
    return say(
      `${waiting.name} (${waiting.role}) signs first. Read the letter now; we email you a link to sign as soon as they have.`,
    );
  if (!several) return null;
  return say(
    `The letter is signed by ${round.signers.map((s) => `${s.name} (${s.role})`).join(", then ")}${round.countersign ? ", then the firm" : ""}. It is your turn.`,
  );
}

/**
 * Declining to sign, with the reason (told to the firm and the other parties): the letter is then not signed by
 * anyone, and the firm may send a changed one.
 */
export function DeclineForm(props: { onAnswer: (a: Answer<unknown>) => void; problem?: string }) {
  const [reason, setReason] = useState("");
  const [pending, setPending] = useState(false);
  return (
    <details className="rounded-xl border border-line bg-white p-5">
      <summary className="cursor-pointer font-semibold text-navy">Decline to sign</summary>
      <form
        method="post"
        action="/api/portal/decline"
        className="mt-4 space-y-3"
        noValidate
        onSubmit={(ev) => {
          ev.preventDefault();
          setPending(true);
          portalCall("/decline", { reason })
            .then(props.onAnswer)
            .finally(() => setPending(false));
        }}
      >
        <p className="text-ink">
          The letter is then signed by no one: the firm and the other parties are told, with your reason, and
          the firm may send you a changed letter.
        </p>
        <label htmlFor="decline-reason" className="block font-semibold text-ink">
          Why you decline (up to 1,000 characters)
        </label>
        <textarea
          id="decline-reason"
          name="reason"
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(ev) => setReason(ev.target.value)}
          className="w-full rounded-lg border border-line bg-white px-3 py-2 text-ink"
        />
        <button type="submit" disabled={pending} className="btn-outline w-full sm:w-auto">
          {pending ? "Declining..." : "Decline the letter"}
        </button>
      </form>
    </details>
  );
}

/** A box as large as the intake form's, its label beside it, its error under it and named by it. */
function Checkbox(props: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  autoFocus: boolean;
  children: ReactNode;
}) {
  const id = `portal-${props.name}`;
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex gap-3">
        <input
          id={id}
          type="checkbox"
          name={props.name}
          checked={props.checked}
          // biome-ignore lint/a11y/noAutofocus: a form posted without the script comes back to the box it must tick
          autoFocus={props.autoFocus}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          onChange={(ev) => props.onChange(ev.target.checked)}
          className="mt-1 size-5 shrink-0 accent-navy"
        />
        <label htmlFor={id} className="text-ink">
          {props.children}
        </label>
      </div>
      <FieldError id={errorId} message={props.error} />
    </div>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 flex gap-1.5 text-sm font-medium text-danger">
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {message}
    </p>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-1 font-semibold text-ink">{value}</dd>
    </div>
  );
}
