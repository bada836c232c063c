import { longDate } from "../../src/contracts/subscriptions";
import type { PortalEngagement } from "./portal-api";

export type StepState = "done" | "todo" | "waiting" | "later";
export type Step = { key: string; name: string; state: StepState; note: string };

const STATE_WORDS: Record<StepState, string> = {
  done: "Done",
  todo: "To do",
  waiting: "Waiting on us",
  later: "Not yet",
};

/**
 * The engagement's steps and where each stands, from the engagement alone: the letter, its payment, the
 * client's documents, the report, the consultation (and, for a subscription, the monitoring).
 */
export function stepsOf(e: PortalEngagement): Step[] {
  const signed = Boolean(e.signedAt);
  const due = e.payment?.amountDueCents ?? e.outstandingCents;
  const paid = signed && (Boolean(e.workStartedAt) || due === 0);
  const delivered = Boolean(e.deliveredAt);
  const steps: Step[] = [
    {
      key: "letter",
      name: "Letter",
      state: signed ? "done" : "todo",
      note: signed ? "Signed" : e.consentedAt ? "Sign it below" : "Read and sign it below",
    },
    {
      key: "payment",
      name: "Payment",
      state: paid ? "done" : signed ? "todo" : "later",
      note: paid ? "Received" : signed ? "Pay the amount due" : "After you sign",
    },
    {
      key: "documents",
      name: "Documents",
      state: delivered ? "done" : signed ? "todo" : "later",
      note: delivered ? "Work delivered" : signed ? "Send us your records" : "After you sign",
    },
  ];
  if (e.subscription) {
    const { state: s, endsOn, pausedOn } = e.subscription;
    // Under notice it has not ended: it runs (or stays paused) until its last day, which the step says.
    const cancelling = s === "cancelling" && endsOn !== null;
    const paused = s === "paused" || (cancelling && pausedOn !== null);
    steps.push({
      key: "monitoring",
      name: "Monitoring",
      state: paused ? "todo" : s === "active" || cancelling ? "waiting" : s === "pending" ? "later" : "done",
      note:
        s === "active"
          ? "We sweep the records on schedule"
          : cancelling
            ? `${paused ? "Paused and cancelled" : "Cancelled"} with notice: ends on ${longDate(endsOn)}`
            : s === "paused"
              ? "Paused: resume when you are ready"
              : s === "pending"
                ? "Starts once signed and paid"
                : "Ended",
    });
  } else {
    steps.push({
      key: "report",
      name: "Report",
      state: delivered ? "done" : e.workStartedAt ? "waiting" : "later",
      note: delivered ? "Delivered" : e.workStartedAt ? "We are working on it" : "Once work starts",
    });
  }
  steps.push({
    key: "consultation",
    name: "Consultation",
    state: delivered ? "todo" : "later",
    note: delivered ? "Book a time below" : "After the report",
  });
  return steps;
}

/** The step the client is at: the first one to do, else the first the firm is working on. */
export const currentStep = (steps: Step[]) =>
  steps.find((s) => s.state === "todo") ?? steps.find((s) => s.state === "waiting");

/**
 * The steps in view, as an ordered list: each with its state in words (never by colour alone), the present one
 * marked for assistive technology with aria-current. Wraps to two columns, then one, on narrow screens.
 */
export function PortalSteps({ engagement }: { engagement: PortalEngagement }) {
  const steps = stepsOf(engagement);
  const current = currentStep(steps);
  return (
    <section aria-labelledby="steps-title">
      <h2 id="steps-title" className="sr-only">
        Steps
      </h2>
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        {steps.map((step, i) => {
          const here = step === current;
          return (
            <li
              key={step.key}
              aria-current={here ? "step" : undefined}
              className={`rounded-lg border p-3 ${here ? "border-navy bg-white ring-2 ring-navy" : "border-line bg-white"}`}
            >
              <span className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className={`grid size-6 shrink-0 place-items-center rounded-full text-xs font-bold ${
                    step.state === "done"
                      ? "bg-navy text-white"
                      : here
                        ? "bg-gold text-navy"
                        : "border border-line text-ink-muted"
                  }`}
                >
                  {step.state === "done" ? "✓" : i + 1}
                </span>
                <span className="font-semibold text-ink">{step.name}</span>
              </span>
              <span className="mt-1 block text-sm">
                <span className={step.state === "later" ? "text-ink-muted" : "font-medium text-navy"}>
                  {STATE_WORDS[step.state]}
                </span>
                <span className="block text-ink-muted">{step.note}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
