import { useEffect, useId, useRef, useState } from "react";
import { addDays, daysBetween } from "../../src/contracts/firm-calendar";
import { dollars } from "../../src/contracts/money";
import { longDate, NOTICE_DAYS, STATE_WORDS, type SubscriptionView } from "../../src/contracts/subscriptions";
import { formatMonth } from "../../src/contracts/time-format";
import { keepTabInside } from "../lib/keep-tab-inside";
import { useModalDialog } from "../lib/use-modal-dialog";

export type MonitoringAction = "pause" | "resume" | "cancel";
export type ActAnswer = { ok: true; data: SubscriptionView } | { ok: false; error: string };

const monthOf = formatMonth;

/**
 * What an action will do, in dates, from the rules the letter states (ADR 246): the same words whoever presses.
 */
export function consequence(action: MonitoringAction, s: SubscriptionView, today: string): string[] {
  if (action === "pause")
    return [
      `Monitoring pauses today, ${longDate(today)}, without penalty. While it is paused nothing is charged and no sweep falls due.`,
      "When it is resumed, the days it was paused are added to the month that was running, and the next sweep moves by as many days.",
    ];
  if (action === "resume") {
    if (s.state === "cancelling" && !s.pausedOn)
      return [
        `The notice given on ${longDate(s.cancelNoticeOn ?? today)} is withdrawn: monitoring goes on after ${longDate(s.endsOn ?? today)}, and the next charge is on ${longDate(s.nextChargeOn ?? today)}.`,
      ];
    const paused = s.pausedOn ? daysBetween(s.pausedOn, today) : 0;
    const last = s.charges.at(-1);
    const next = last ? addDays(last.to, paused + 1) : null;
    return [
      `Monitoring resumes today, ${longDate(today)}. The ${paused === 1 ? "day" : `${paused} days`} it was paused ${paused === 1 ? "is" : "are"} added to the month that was running${next ? `: the next charge, ${dollars(s.monthlyCents)}, is on ${longDate(next)}` : ""}.`,
      ...(s.state === "cancelling"
        ? [`The notice to cancel given on ${longDate(s.cancelNoticeOn ?? today)} is withdrawn.`]
        : []),
    ];
  }
  const endsOn = addDays(today, NOTICE_DAYS);
  const billed =
    s.state === "active" && s.nextChargeOn && s.nextChargeOn < endsOn
      ? `${monthOf(s.nextChargeOn)} is billed in full (${dollars(s.monthlyCents)} on ${longDate(s.nextChargeOn)}), since that month begins before then`
      : "no further month is billed";
  const sweep =
    s.state === "active" && s.nextSweepDueOn && s.nextSweepDueOn < endsOn
      ? ` The sweep due on ${longDate(s.nextSweepDueOn)} is still done.`
      : "";
  return [
    `Monitoring ends on ${longDate(endsOn)}; ${billed}. There are no refunds for partial months.${sweep}`,
    "Until then it can be resumed, which withdraws the notice.",
  ];
}

const ALLOWED: Record<SubscriptionView["state"], MonitoringAction[]> = {
  pending: [],
  active: ["pause", "cancel"],
  paused: ["resume", "cancel"],
  cancelling: ["resume"],
  ended: [],
};
const LABEL: Record<MonitoringAction, string> = {
  pause: "Pause",
  resume: "Resume",
  cancel: "Cancel monitoring",
};
const TITLE: Record<MonitoringAction, string> = {
  pause: "Pause monitoring?",
  resume: "Resume monitoring?",
  cancel: "Cancel monitoring with 30 days' notice?",
};

/**
 * Judgment Intel's monitoring, as the client sees it in the portal and staff on the request: the subjects, the
 * state in words, the next sweep and charge, the reports so far, and Pause, Resume and Cancel, each confirmed in
 * a modal dialog (the native <dialog>: focus stays inside while it is open, Escape closes it, Cancel is first).
 */
export function MonitoringCard(props: {
  subscription: SubscriptionView;
  today: string;
  act: (action: MonitoringAction) => Promise<ActAnswer>;
  heading?: string;
  /** The heading's id, where a link names it (the portal's `focus=monitoring`); a generated one otherwise. */
  titleId?: string;
}) {
  const [view, setView] = useState(props.subscription);
  const [asking, setAsking] = useState<MonitoringAction | null>(null);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useModalDialog(
    asking !== null,
    () => keepRef.current?.focus(),
    () => {
      if (!pending) setAsking(null);
    },
  );
  const id = useId();
  const titleId = props.titleId ?? `${id}-title`;
  useEffect(() => setView(props.subscription), [props.subscription]);

  const confirm = async () => {
    if (!asking) return;
    setPending(true);
    const answer = await props.act(asking);
    setPending(false);
    if (answer.ok) {
      setView(answer.data);
      setMessage(`Done: monitoring is ${STATE_WORDS[answer.data.state].toLowerCase()}.`);
    } else setMessage(answer.error);
    setAsking(null);
  };

  const delivered = view.sweeps.filter((w) => w.deliveredAt);
  const facts: [string, string][] = [
    ["State", stateLine(view)],
    ["Sweeps", view.cadence === "quarterly" ? "Quarterly" : "Monthly"],
    ["Next sweep", view.nextSweepDueOn ? longDate(view.nextSweepDueOn) : "None scheduled"],
    [
      "Next charge",
      view.nextChargeOn
        ? `${dollars(view.monthlyCents)} on ${longDate(view.nextChargeOn)}`
        : "None scheduled",
    ],
    ["Paid through", view.paidThrough ? longDate(view.paidThrough) : "Not yet paid"],
  ];
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-line bg-white p-6 shadow-sm">
      <p className="eyebrow">Judgment Intel</p>
      <h2 id={titleId} className="mt-1 font-serif text-2xl font-bold text-navy">
        {props.heading ?? "Monitoring"}
      </h2>
      <h3 className="mt-4 font-semibold text-navy">Subjects monitored</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-ink">
        {view.subjects.map((s) => (
          <li key={s} className="break-words">
            {s}
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-navy">{term}</dt>
            <dd className="text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 font-semibold text-navy">Sweep reports</h3>
      {delivered.length === 0 ? (
        <p className="mt-1 text-ink-muted">No sweep report yet.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-ink">
          {delivered.map((w) => (
            <li key={w.dueOn}>
              Sweep due {longDate(w.dueOn)}: delivered {longDate(w.deliveredOn as string)},{" "}
              {w.receivedOn ? `received ${longDate(w.receivedOn)}` : "not downloaded yet"}
            </li>
          ))}
        </ul>
      )}
      {message && (
        <p role="status" className="mt-4 rounded-lg border border-line bg-paper p-3 text-ink">
          {message}
        </p>
      )}
      {ALLOWED[view.state].length > 0 && (
        <div className="mt-5 flex flex-wrap gap-3">
          {ALLOWED[view.state].map((a) => (
            <button
              key={a}
              type="button"
              className={a === "cancel" ? "btn-outline" : "btn-navy"}
              onClick={() => {
                setMessage(null);
                setAsking(a);
              }}
            >
              {LABEL[a]}
            </button>
          ))}
        </div>
      )}
      <dialog
        ref={dialogRef}
        aria-labelledby={`${id}-dialog-title`}
        aria-describedby={`${id}-dialog-text`}
        onKeyDown={keepTabInside}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-line bg-white p-6 text-ink shadow-xl backdrop:bg-navy/60"
      >
        <h2 id={`${id}-dialog-title`} className="font-serif text-2xl font-bold text-navy">
          {asking ? TITLE[asking] : ""}
        </h2>
        <div id={`${id}-dialog-text`} className="mt-3 space-y-2">
          {asking && consequence(asking, view, props.today).map((line) => <p key={line}>{line}</p>)}
        </div>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button
            ref={keepRef}
            type="button"
            className="btn-outline"
            disabled={pending}
            onClick={() => setAsking(null)}
          >
            Keep as it is
          </button>
          <button type="button" className="btn-navy disabled:opacity-70" disabled={pending} onClick={confirm}>
            {pending ? "Saving..." : asking ? `Yes, ${LABEL[asking].toLowerCase()}` : ""}
          </button>
        </div>
      </dialog>
    </section>
  );
}

function stateLine(s: SubscriptionView): string {
  if (s.state === "paused" && s.pausedOn) return `Paused since ${longDate(s.pausedOn)}`;
  if (s.state === "cancelling" && s.endsOn) return `Cancelled with notice: ends on ${longDate(s.endsOn)}`;
  if (s.state === "active" && s.startedOn) return `Active since ${longDate(s.startedOn)}`;
  if (s.state === "ended" && s.endsOn) return `Ended on ${longDate(s.endsOn)}`;
  return STATE_WORDS[s.state];
}
