import { useState } from "react";
import { PORTAL_MESSAGES, portalQuery } from "../../src/contracts/portal";
import { definePage } from "../lib/lazy-page";
import { usePageData } from "../lib/page-data-context";
import { ConsultationSection } from "./consultation-section";
import { DocumentsSection } from "./documents-section";
import { LetterSection, NO_PROBLEM, type Problem, problemOf } from "./letter-section";
import { MonitoringSection } from "./monitoring-section";
import { PaymentSection } from "./payment-section";
import { OpenLink, OpenWithoutScript, RequestLink, SignOut } from "./portal-access";
import { PortalFrame } from "./portal-frame";
import { PortalSteps } from "./portal-steps";
import { RequestsSection } from "./requests-section";
import { StatementsSection } from "./statements-section";
import { usePortalEngagement, useReturnedWord } from "./use-portal-engagement";

/**
 * /portal: the client's engagement, in the portal's own frame. The e-mailed link carries its token in the
 * fragment; the page exchanges it for a session and removes it from the address bar, then shows the steps and
 * where each stands, the letter to read and sign, what is due and how to pay, the client's documents with the
 * report, and the consultation. With a session, the server renders the engagement into the page, so its forms
 * work without the script too; without the script, the client pastes the link into a form to get in.
 */
export function PortalPage() {
  const served = usePageData()?.portal;
  const returned = useReturnedWord();
  const { state, scripted, openLink, reload, signedOut } = usePortalEngagement(served?.engagement);
  const [problem, setProblem] = useState<Problem>(returned.problem ?? NO_PROBLEM);
  const open = state.kind === "open" ? state.engagement : null;

  return (
    <PortalFrame
      client={open ? { name: open.clientName, reference: open.reference } : undefined}
      signOut={open && <SignOut onSignedOut={() => signedOut(PORTAL_MESSAGES.signedOut)} />}
    >
      <div className="container max-w-5xl py-8 sm:py-12">
        {!open && (
          <div className="mx-auto max-w-2xl">
            {!(
              state.kind === "signed-out" &&
              state.message === PORTAL_MESSAGES.noSession &&
              !returned.signedOut
            ) && <h1 className="font-serif text-3xl font-bold text-navy sm:text-4xl">Your engagement</h1>}
            {state.kind === "loading" && (
              <>
                {scripted && <p className="text-ink-muted">Opening your engagement…</p>}
                <noscript>
                  {returned.signedOut && (
                    <p role="status" className="mb-6 rounded-lg border border-line bg-white p-3 text-ink">
                      {returned.signedOut}
                    </p>
                  )}
                  <OpenWithoutScript problem={returned.problem?.message} />
                  <RequestLink notice={returned.notice} />
                </noscript>
              </>
            )}
            {state.kind === "link" && <OpenLink onOpen={() => openLink(state.token)} />}
            {state.kind === "signed-out" &&
              (state.message === PORTAL_MESSAGES.noSession && !returned.signedOut ? (
                <OpenYourEngagement notice={returned.notice} />
              ) : (
                <RequestLink message={returned.signedOut ?? state.message} notice={returned.notice} />
              ))}
          </div>
        )}
        {open && (
          <div className="space-y-10">
            <div>
              <p className="eyebrow">{open.service}</p>
              <h1 className="mt-1 font-serif text-3xl font-bold text-navy sm:text-4xl">Your engagement</h1>
              <div className="mt-5">
                <PortalSteps engagement={open} />
              </div>
            </div>
            <LetterSection
              engagement={open}
              problem={problem}
              onAnswer={(a) => {
                if (a.ok) {
                  setProblem(NO_PROBLEM);
                  reload();
                } else setProblem({ ...problemOf(a), fromServer: true });
              }}
            />
            {open.signedAt && <PaymentSection engagement={open} />}
            {open.signedAt && <MonitoringSection engagement={open} />}
            {open.signedAt && <StatementsSection />}
            {open.signedAt && <RequestsSection />}
            {open.signedAt && <DocumentsSection />}
            {open.signedAt && <ConsultationSection delivered={Boolean(open.deliveredAt)} />}
          </div>
        )}
      </div>
    </PortalFrame>
  );
}

/** /portal opened without a session: what the page is, and the two ways in (the e-mailed link, or a new one). */
function OpenYourEngagement({ notice }: { notice?: string }) {
  return (
    <>
      <h1 className="font-serif text-3xl font-bold text-navy sm:text-4xl">Open your engagement</h1>
      <p className="mt-3 text-lg text-ink">
        This is where you read and sign your engagement letter, pay, send us your records and receive your
        report.
      </p>
      <ol className="mt-6 space-y-3 text-ink">
        <li className="rounded-lg border border-line bg-white p-4">
          <span className="font-semibold">Use the link in our email.</span> Open the message we sent you and
          press its button: it opens your engagement here.
        </li>
        <li className="rounded-lg border border-line bg-white p-4">
          <span className="font-semibold">No email, or the link has been used or expired?</span> Each link
          opens the portal once. Ask for a new one below.
        </li>
      </ol>
      <RequestLink notice={notice} />
    </>
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
