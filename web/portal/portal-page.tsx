import { type ReactNode, useState } from "react";
import { PORTAL_MESSAGES, type PortalEngagement, portalQuery } from "../../src/contracts/portal";
import { definePage } from "../lib/lazy-page";
import { usePageData } from "../lib/page-data-context";
import { ComingBackSection, PasskeyOpen } from "./coming-back";
import { ConsultationSection } from "./consultation-section";
import { DocumentsSection } from "./documents-section";
import { LetterSection, NO_PROBLEM, type Problem, problemOf } from "./letter-section";
import { MonitoringSection } from "./monitoring-section";
import { PaymentSection } from "./payment-section";
import { OpenLink, OpenWithoutScript, RequestLink, SignOut } from "./portal-access";
import { PortalFrame } from "./portal-frame";
import { currentStep, PortalSteps, stepsOf } from "./portal-steps";
import { RequestsSection } from "./requests-section";
import { SignedFinish } from "./signed-finish";
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
  const { state, scripted, openLink, reload, signedOut, opened } = usePortalEngagement(served?.engagement);
  const [problem, setProblem] = useState<Problem>(returned.problem ?? NO_PROBLEM);
  // Set by the signature's answer: the finish screen leads the page until the client closes it.
  const [justSigned, setJustSigned] = useState(false);
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
            {state.kind === "link" && (
              <OpenLink
                accessCode={state.accessCode}
                onOpen={(remember, code) => openLink(state.token, remember, code)}
              />
            )}
            {state.kind === "signed-out" &&
              (state.message === PORTAL_MESSAGES.noSession && !returned.signedOut ? (
                <OpenYourEngagement notice={returned.notice} />
              ) : (
                <RequestLink message={returned.signedOut ?? state.message} notice={returned.notice} />
              ))}
            {state.kind === "signed-out" && <PasskeyOpen onOpened={opened} />}
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
            {justSigned && open.signedAt && (
              <SignedFinish engagement={open} onDismiss={() => setJustSigned(false)} />
            )}
            {leadingFirst(open, {
              letter: (
                <LetterSection
                  key="letter"
                  engagement={open}
                  problem={problem}
                  onAnswer={(a) => {
                    if (a.ok) {
                      setProblem(NO_PROBLEM);
                      if ((a.data as { signedAt?: string } | undefined)?.signedAt) setJustSigned(true);
                      reload();
                    } else setProblem({ ...problemOf(a), fromServer: true });
                  }}
                />
              ),
              payment: open.signedAt && <PaymentSection key="payment" engagement={open} />,
              monitoring: open.signedAt && (
                <MonitoringSection key="monitoring" engagement={open} onChanged={reload} />
              ),
              statements: open.signedAt && <StatementsSection key="statements" />,
              requests: open.signedAt && <RequestsSection key="requests" />,
              documents: open.signedAt && <DocumentsSection key="documents" />,
              consultation: open.signedAt && (
                <ConsultationSection key="consultation" delivered={Boolean(open.deliveredAt)} />
              ),
            })}
            {scripted && <ComingBackSection />}
          </div>
        )}
      </div>
    </PortalFrame>
  );
}

type SectionKey =
  | "letter"
  | "payment"
  | "monitoring"
  | "statements"
  | "requests"
  | "documents"
  | "consultation";

/** Which section the client's current step is done in: the delivered report (documents) leads its consultation. */
const LEADS: Record<string, SectionKey[]> = {
  letter: ["letter"],
  payment: ["payment"],
  documents: ["requests", "documents"],
  report: ["documents"],
  monitoring: ["monitoring"],
  consultation: ["documents", "consultation"],
};

/**
 * The sections in the page's order, with the one the client's current step is done in first (issue 44): after
 * the signature how to pay, once the report is delivered the report and its consultation, so on a phone the step
 * at hand is not 1,800 px down under a signed letter. The rest keep their order.
 */
function leadingFirst(e: PortalEngagement, sections: Record<SectionKey, ReactNode>): ReactNode[] {
  const order: SectionKey[] = [
    "letter",
    "payment",
    "monitoring",
    "statements",
    "requests",
    "documents",
    "consultation",
  ];
  const lead = LEADS[currentStep(stepsOf(e))?.key ?? ""] ?? [];
  return [...lead, ...order.filter((k) => !lead.includes(k))].map((k) => sections[k]);
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
