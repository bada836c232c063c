import { CheckCircle2, Download } from "lucide-react";
import { useEffect, useRef } from "react";
import { dollars } from "../../src/contracts/money";
import type { PortalEngagement } from "./portal-api";

/**
 * The signing moment's finish screen (issue 44; DocuSign's "You're done"): shown at the top of the page once the
 * client signed, brought into view with focus on its heading, so a screen reader says it and the eye finds it.
 * It says only what is so: the letter is signed and sealed, its copy is being emailed, and what comes next.
 */
export function SignedFinish({
  engagement: e,
  onDismiss,
}: {
  engagement: PortalEngagement;
  onDismiss: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: "start" });
  }, []);
  const due = e.payment?.amountDueCents ?? 0;
  return (
    <section
      aria-labelledby="signed-title"
      className="scroll-mt-6 rounded-xl border-2 border-navy bg-white p-5 shadow-sm sm:p-6"
    >
      <h2
        id="signed-title"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 font-serif text-2xl font-bold text-navy outline-none sm:text-3xl"
      >
        <CheckCircle2 className="size-7 shrink-0 text-navy" aria-hidden="true" />
        Signed. Here is what happens next
      </h2>
      <p className="mt-2 text-ink">
        Your letter is signed and sealed. We are emailing you a copy; you can also download it now.
      </p>
      <ol className="mt-4 list-decimal space-y-2 pl-5 text-ink">
        {due > 0 && (
          <li>
            <a href="#payment" className="font-semibold text-navy underline">
              Pay {dollars(due)}
            </a>{" "}
            with the reference {e.reference}: how to pay is just below.
          </li>
        )}
        {e.monthly ? (
          <li>Monitoring starts once the first month is paid.</li>
        ) : (
          <li>
            <a href="#documents-title" className="font-semibold text-navy underline">
              Send us your records
            </a>{" "}
            here, if you have any. We start work once what the letter asks up front is paid, and email you
            when the report is ready.
          </li>
        )}
      </ol>
      <div className="mt-5 flex flex-wrap gap-3">
        <a className="btn-outline" href="/api/portal/letter.pdf" download>
          <Download className="size-4" aria-hidden="true" />
          Download your signed letter (PDF)
        </a>
        <button type="button" className="btn-outline" onClick={onDismiss}>
          Close
        </button>
      </div>
    </section>
  );
}
