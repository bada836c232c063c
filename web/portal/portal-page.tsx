import { useState } from "react";
import { PORTAL_MESSAGES, portalQuery } from "../../src/contracts/portal";
import { definePage } from "../lib/lazy-page";
import { usePageData } from "../lib/page-data-context";
import { ConsultationSection } from "./consultation-section";
import { DocumentsSection } from "./documents-section";
import { LetterSection } from "./letter-section";
import { MonitoringSection } from "./monitoring-section";
import { PaymentSection } from "./payment-section";
import { OpenLink, OpenWithoutScript, RequestLink, SignOut } from "./portal-access";
import { StatementsSection } from "./statements-section";
import { usePortalEngagement, useReturnedWord } from "./use-portal-engagement";

/**
 * /portal: the client's engagement. The e-mailed link carries its token in the fragment; the page exchanges it
 * for a session and removes it from the address bar, then shows the letter, the consent, the signature and,
 * once signed, how to pay, the client's documents with the report, and the consultation. With a session, the
 * server renders the engagement into the page, so its forms work without the script too; without the script,
 * the client pastes the link into a form to get in.
 */
export function PortalPage() {
  const served = usePageData()?.portal;
  const returned = useReturnedWord();
  const { state, scripted, openLink, reload, signedOut } = usePortalEngagement(served?.engagement);
  const [error, setError] = useState<string | null>(returned.problem ?? null);

  return (
    <div className="container max-w-3xl py-12 sm:py-16">
      <p className="eyebrow">Secure client portal</p>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-serif text-4xl font-bold text-navy">Your engagement</h1>
        {state.kind === "open" && <SignOut onSignedOut={() => signedOut(PORTAL_MESSAGES.signedOut)} />}
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
        <div className="mt-8 space-y-8">
          <LetterSection
            engagement={state.engagement}
            error={error}
            onAnswer={(a) => {
              if (a.ok) {
                setError(null);
                reload();
              } else setError(a.error);
            }}
          />
          {state.engagement.signedAt && <PaymentSection engagement={state.engagement} />}
          {state.engagement.signedAt && <MonitoringSection engagement={state.engagement} />}
          {state.engagement.signedAt && <StatementsSection />}
          {state.engagement.signedAt && <DocumentsSection />}
          {state.engagement.signedAt && (
            <ConsultationSection delivered={Boolean(state.engagement.deliveredAt)} />
          )}
        </div>
      )}
    </div>
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
