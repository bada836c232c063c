import { useEffect, useState } from "react";
import { useSearch } from "wouter";
import {
  PORTAL_LINK_DAYS,
  PORTAL_MESSAGES,
  PORTAL_NOTICES,
  PORTAL_PROBLEMS,
  type PortalNotice,
  type PortalProblem,
  portalQuery,
} from "../../src/contracts/portal";
import { useBrand } from "../lib/brand-context";
import { definePage } from "../lib/lazy-page";
import { usePageData } from "../lib/page-data-context";
import { ConsultationSection } from "./consultation-section";
import { DocumentsSection } from "./documents-section";
import { type Answer, dollars, type PortalEngagement, portalCall } from "./portal-api";

type Loaded = { engagement: PortalEngagement };
type State =
  | { kind: "loading" }
  | { kind: "link"; token: string }
  | { kind: "signed-out"; message?: string }
  | { kind: "open"; engagement: PortalEngagement };

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "";

/** What an answer about the engagement shows: the engagement, or the way back in. */
const showIn = (setState: (s: State) => void) => (answer: Answer<Loaded>) => {
  if (answer.ok) setState({ kind: "open", engagement: answer.data.engagement });
  else setState({ kind: "signed-out", message: answer.status === 401 ? answer.error : undefined });
};

/**
 * The problem or notice word a form posted without the script came back with (`?problem=`, `?notice=`). Signing
 * out is said at the top of the page; a link on its way, under the form that asked for it.
 */
function useReturnedWord(): { problem?: string; notice?: string; signedOut?: string } {
  const [key, word] = portalQuery(useSearch()).split("=");
  if (key === "problem") return { problem: PORTAL_PROBLEMS[word as PortalProblem] };
  if (key === "notice" && word === "signed-out") return { signedOut: PORTAL_NOTICES[word] };
  if (key === "notice") return { notice: PORTAL_NOTICES[word as PortalNotice] };
  return {};
}

/**
 * /portal: the client's engagement. The e-mailed link carries its token in the fragment; the page exchanges it
 * for a session and removes it from the address bar, then shows the letter, the consent, the signature and,
 * once signed, how to pay. With a session, the server renders the engagement into the page, so its forms work
 * without the script too; without the script, the client pastes the link into a form to get in.
 */
export function PortalPage() {
  const served = usePageData()?.portal;
  const returned = useReturnedWord();
  const [state, setState] = useState<State>(
    served ? { kind: "open", engagement: served.engagement } : { kind: "loading" },
  );
  const [error, setError] = useState<string | null>(returned.problem ?? null);
  // Only a running script opens the engagement, so the waiting line appears once it runs: a browser without
  // scripts sees the paste-the-link form alone, not a promise that nothing will keep.
  const [scripted, setScripted] = useState(false);

  const show = showIn(setState);

  useEffect(() => {
    setScripted(true);
    const show = showIn(setState);
    /**
     * A link in the address waits for the client's press: each link opens the portal once, and a mail
     * scanner that loads the page to check it must not be the one that uses it.
     */
    const readLink = () => {
      const token = new URLSearchParams(window.location.hash.slice(1)).get("token");
      if (token) setState({ kind: "link", token });
      return token !== null;
    };
    if (!readLink() && !served) portalCall<Loaded>("").then(show);
    // A fresh link opened in this tab changes only the address's fragment: the page stays, and offers it.
    window.addEventListener("hashchange", readLink);
    return () => window.removeEventListener("hashchange", readLink);
  }, [served]);

  /** Exchanges the link's token for a session, taking it out of the address bar first. */
  const openLink = (token: string) => {
    history.replaceState(null, "", window.location.pathname);
    setState({ kind: "loading" });
    portalCall<Loaded>("/session", { token }).then(show);
  };

  return (
    <div className="container max-w-3xl py-12 sm:py-16">
      <p className="eyebrow">Secure client portal</p>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-serif text-4xl font-bold text-navy">Your engagement</h1>
        {state.kind === "open" && (
          <SignOut onSignedOut={() => setState({ kind: "signed-out", message: PORTAL_MESSAGES.signedOut })} />
        )}
      </div>
      {state.kind === "loading" && (
        <>
          {scripted && <p className="mt-6 text-ink-muted">Opening your engagement…</p>}
          <noscript>
            {returned.signedOut && (
              <p role="status" className="mt-6 rounded-lg border border-line bg-white p-3 text-ink">
                {returned.signedOut}
              </p>
            )}
            <OpenWithoutScript problem={returned.problem} />
            <RequestLink notice={returned.notice} />
          </noscript>
        </>
      )}
      {state.kind === "link" && <OpenLink onOpen={() => openLink(state.token)} />}
      {state.kind === "signed-out" && (
        <RequestLink message={returned.signedOut ?? state.message} notice={returned.notice} />
      )}
      {state.kind === "open" && (
        <Engagement
          engagement={state.engagement}
          error={error}
          onAnswer={(a) => {
            if (a.ok) {
              setError(null);
              portalCall<Loaded>("").then(show);
            } else setError(a.error);
          }}
        />
      )}
    </div>
  );
}

/** The e-mailed link, read from the address: opened when the client presses the button. */
function OpenLink({ onOpen }: { onOpen: () => void }) {
  return (
    <section className="mt-6" aria-labelledby="open-title">
      <h2 id="open-title" className="font-serif text-2xl font-bold text-navy">
        Open your engagement
      </h2>
      <p className="mt-2 text-ink">
        For your security each link we email opens the portal once. Press Open to start your session in this
        browser.
      </p>
      <button type="button" className="btn-navy mt-4" onClick={onOpen}>
        Open
      </button>
    </section>
  );
}

/**
 * Without the script nothing can read the link's fragment, and the fragment is never sent to a server: the
 * client pastes the link into this form, which posts it in the body (kept out of addresses and logs alike).
 */
function OpenWithoutScript({ problem }: { problem?: string }) {
  return (
    <section className="mt-6" aria-labelledby="paste-title">
      {problem && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      )}
      <h2 id="paste-title" className="mt-6 font-serif text-2xl font-bold text-navy">
        Open your engagement
      </h2>
      <p className="mt-2 text-ink">
        Your browser is not running scripts, so the portal cannot read the link by itself. Copy the whole link
        from our email, paste it here and press Open.
      </p>
      <form method="post" action="/api/portal/session" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="portal-link" className="block font-semibold text-ink">
            The link from your email
          </label>
          <input
            id="portal-link"
            name="link"
            required
            autoComplete="off"
            className="mt-1 w-full rounded-lg border border-line bg-white px-3 py-2 text-ink"
          />
        </div>
        <button type="submit" className="btn-navy">
          Open
        </button>
      </form>
    </section>
  );
}

function Engagement(props: {
  engagement: PortalEngagement;
  error: string | null;
  onAnswer: (a: Answer<unknown>) => void;
}) {
  const e = props.engagement;
  const [consent, setConsent] = useState(false);
  const [agree, setAgree] = useState(false);
  const [name, setName] = useState("");
  return (
    <div className="mt-8 space-y-8">
      <dl className="grid gap-4 rounded-xl border border-line bg-white p-5 sm:grid-cols-2">
        <Fact label="Reference" value={e.reference} />
        <Fact label="Service" value={e.service} />
        <Fact
          label="Fee"
          value={`${dollars(e.feeCents)} ${e.feeKind === "flat" ? "flat fee" : "retainer"}`}
        />
        <Fact
          label="Turnaround"
          value={`${e.turnaroundBusinessDays} business days${e.expedite ? " (expedited: 72 hours)" : ""}`}
        />
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

      {e.signedAt && (
        <section aria-labelledby="next-title">
          <h2 id="next-title" className="font-serif text-2xl font-bold text-navy">
            {e.deliveredAt
              ? "Your report is delivered"
              : e.workStartedAt
                ? "Work has started"
                : "Signed: payment"}
          </h2>
          <p className="mt-2 text-ink">Signed {when(e.signedAt)}. A sealed copy was emailed to you.</p>
          {/* Delivered is where the work ends, whatever was paid: no due time is promised after it. */}
          {e.deliveredAt && (
            <p className="mt-2 text-ink">
              Delivered {when(e.deliveredAt)}. Your report is in your documents below.
            </p>
          )}
          {e.workStartedAt ? (
            !e.deliveredAt && (
              <p className="mt-2 text-ink">
                Work started {when(e.workStartedAt)}; delivery is due {when(e.deliveryDueAt)}.
              </p>
            )
          ) : (
            <>
              <p className="mt-2 text-ink">
                Paid {dollars(e.paidCents)}; outstanding {dollars(e.outstandingCents)}. Payment is taken by
                our processor, never on this site.
              </p>
              {e.payment?.url && (
                <a className="btn-gold mt-4 inline-flex" href={e.payment.url} rel="noopener">
                  Pay {dollars(e.outstandingCents)}
                </a>
              )}
              {e.payment?.instructions && (
                <p className="mt-4 whitespace-pre-line text-ink">{e.payment.instructions}</p>
              )}
            </>
          )}
        </section>
      )}
      {e.signedAt && <DocumentsSection />}
      {e.signedAt && <ConsultationSection delivered={Boolean(e.deliveredAt)} />}
    </div>
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

/**
 * Signing out deletes the session on the server (a copy of its cookie opens nothing afterwards). A plain form,
 * so it works without the script too; with it, the page shows the way back in at once.
 */
function SignOut({ onSignedOut }: { onSignedOut: () => void }) {
  return (
    <form
      method="post"
      action="/api/portal/sign-out"
      onSubmit={(ev) => {
        ev.preventDefault();
        portalCall("/sign-out", {}).then(onSignedOut);
      }}
    >
      <button type="submit" className="btn-outline">
        Sign out
      </button>
    </form>
  );
}

function RequestLink({ message, notice }: { message?: string; notice?: string }) {
  const brand = useBrand();
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(notice ?? null);
  return (
    <section className="mt-6" aria-labelledby="link-title">
      {message && (
        <p role="alert" className="rounded-lg border border-line bg-white p-3 text-ink">
          {message}
        </p>
      )}
      <h2 id="link-title" className="mt-6 font-serif text-2xl font-bold text-navy">
        Get a fresh link
      </h2>
      <p className="mt-2 text-ink">
        Each link we email opens the portal once and works for {PORTAL_LINK_DAYS} days. Enter the address you
        gave {brand.name} and we will email you a fresh one.
      </p>
      <form
        method="post"
        action="/api/portal/link"
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(ev) => {
          ev.preventDefault();
          portalCall<{ message: string }>("/link", { email }).then((a) =>
            setSent(a.ok ? a.data.message : a.error),
          );
        }}
      >
        <div>
          <label htmlFor="portal-email" className="block font-semibold text-ink">
            Email address
          </label>
          <input
            id="portal-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(ev) => setEmail(ev.target.value)}
            className="mt-1 rounded-lg border border-line bg-white px-3 py-2 text-ink"
          />
        </div>
        <button type="submit" className="btn-navy">
          Send me a link
        </button>
      </form>
      {sent && (
        <p role="status" className="mt-3 text-ink">
          {sent}
        </p>
      )}
    </section>
  );
}

export const portalPage = definePage({
  component: PortalPage,
  query: portalQuery,
  meta: () => ({
    title: "Client portal",
    description: "Read, consent to and sign your engagement letter, and see how to pay.",
    noindex: true,
  }),
});
