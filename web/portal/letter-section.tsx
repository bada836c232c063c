import { useState } from "react";
import { type Answer, dollars, type PortalEngagement, portalCall } from "./portal-api";

/**
 * The letter: its terms, its PDF, then the two steps that make it binding, consent to sign electronically and
 * the typed signature naming the letter's fingerprint. Plain forms, so they work without the script too.
 */
export function LetterSection(props: {
  engagement: PortalEngagement;
  error: string | null;
  onAnswer: (a: Answer<unknown>) => void;
}) {
  const e = props.engagement;
  const [consent, setConsent] = useState(false);
  const [agree, setAgree] = useState(false);
  const [name, setName] = useState("");
  return (
    <>
      <dl className="grid gap-4 rounded-xl border border-line bg-white p-5 sm:grid-cols-2">
        <Fact label="Reference" value={e.reference} />
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
        <div className="sm:col-span-2">
          <dt className="text-sm text-ink-muted">Scope</dt>
          <dd className="mt-1 whitespace-pre-line text-ink">{e.scope}</dd>
        </div>
      </dl>
      <p>
        <a className="font-semibold text-navy underline" href="/api/portal/letter.pdf" download>
          {e.signedAt ? "Download your signed letter (PDF)" : "Download the engagement letter (PDF)"}
        </a>
      </p>
      {props.error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {props.error}
        </p>
      )}

      {!e.consentedAt && !e.signedAt && (
        <section aria-labelledby="consent-title">
          <h2 id="consent-title" className="font-serif text-2xl font-bold text-navy">
            1. Consent to sign electronically
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-ink">
            {e.disclosure.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <form
            method="post"
            action="/api/portal/consent"
            className="mt-4 space-y-3"
            onSubmit={(ev) => {
              ev.preventDefault();
              portalCall("/consent", { consent }).then(props.onAnswer);
            }}
          >
            <label className="flex items-start gap-2 text-ink">
              <input
                type="checkbox"
                name="consent"
                checked={consent}
                onChange={(ev) => setConsent(ev.target.checked)}
                className="mt-1 size-5"
              />
              I have read the disclosure above and consent to receive and sign these records electronically.
            </label>
            <button type="submit" className="btn-navy">
              Give consent
            </button>
          </form>
        </section>
      )}

      {e.consentedAt && !e.signedAt && (
        <section aria-labelledby="sign-title">
          <h2 id="sign-title" className="font-serif text-2xl font-bold text-navy">
            2. Sign the letter
          </h2>
          <form
            method="post"
            action="/api/portal/sign"
            className="mt-4 space-y-4"
            onSubmit={(ev) => {
              ev.preventDefault();
              portalCall("/sign", { fullName: name, agree, letterSha256: e.letterSha256 }).then(
                props.onAnswer,
              );
            }}
          >
            <p className="text-ink">
              You sign the letter above, exactly as you can download it. Its SHA-256 fingerprint, which your
              signature names: <code className="break-all font-mono text-sm">{e.letterSha256}</code>
            </p>
            {/* Without the script the form names the letter this page showed too. */}
            <input type="hidden" name="letterSha256" value={e.letterSha256 ?? ""} />
            <div>
              <label htmlFor="full-name" className="block font-semibold text-ink">
                Your full name, as your signature
              </label>
              <input
                id="full-name"
                name="fullName"
                autoComplete="name"
                value={name}
                onChange={(ev) => setName(ev.target.value)}
                className="mt-1 w-full rounded-lg border border-line bg-white px-3 py-2 text-ink"
              />
            </div>
            <label className="flex items-start gap-2 text-ink">
              <input
                type="checkbox"
                name="agree"
                checked={agree}
                onChange={(ev) => setAgree(ev.target.checked)}
                className="mt-1 size-5"
              />
              I agree to sign the engagement letter above with the name I typed.
            </label>
            <button type="submit" className="btn-navy">
              I agree to sign
            </button>
          </form>
        </section>
      )}
    </>
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
