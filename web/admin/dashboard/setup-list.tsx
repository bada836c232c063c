import { ArrowRight, CheckCircle2, Circle } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { SETUP_API, type SetupList } from "../../../src/contracts/setup";
import { apiRequest } from "../../lib/api";
import { useJson } from "../../lib/use-json";
import { settingRuns } from "./setup-detail";

/**
 * The firm's setup, at the top of the dashboard until every step is done (then it is gone): each step as the
 * server finds it, done or not, what is missing, and where it is done (an admin screen, or the settings its sentence names).
 * Nothing is shown while it loads or when it cannot be read: the dashboard's own work comes first.
 */
export function SetupChecklist() {
  const loaded = useJson<SetupList>(SETUP_API);
  /** The list as a step's action answered it (the data key's confirmation), over the one first loaded. */
  const [answered, setAnswered] = useState<SetupList | null>(null);
  const [acting, setActing] = useState<"idle" | "pressed" | "failed">("idle");
  const list = answered ?? loaded;
  if (!list || list === "failed" || list.done) return null;
  const act = async (api: string) => {
    setActing("pressed");
    try {
      setAnswered((await (await apiRequest("POST", api)).json()) as SetupList);
      setActing("idle");
    } catch {
      setActing("failed");
    }
  };
  const left = list.steps.filter((s) => !s.done).length;

  return (
    <section
      aria-labelledby="setup-title"
      className="mt-8 rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="setup-title" className="font-serif text-2xl font-bold text-navy">
          Set up the firm
        </h2>
        <p className="text-sm text-ink-muted">
          {list.steps.length - left} of {list.steps.length} done
        </p>
      </div>
      <ol className="mt-4 divide-y divide-line">
        {list.steps.map((s) => (
          <li key={s.id} className="flex items-start gap-3 py-3">
            {s.done ? (
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-navy" aria-hidden="true" />
            ) : (
              <Circle className="mt-0.5 size-5 shrink-0 text-ink-muted" aria-hidden="true" />
            )}
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ink">
                {s.title}
                <span className="sr-only">{s.done ? ": done" : ": to do"}</span>
              </p>
              <p className={`mt-0.5 text-sm ${s.done ? "text-ink-muted" : "text-ink"}`}>
                {settingRuns(s.detail, s.settings).map((r, i) =>
                  r.code ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one sentence, fixed in order
                    <code key={i}>{r.text}</code>
                  ) : (
                    r.text
                  ),
                )}
              </p>
            </div>
            {!s.done && s.action && (
              <div className="shrink-0" aria-live="polite">
                <button
                  type="button"
                  className="btn-navy min-h-10"
                  disabled={acting === "pressed"}
                  onClick={() => s.action && act(s.action.api)}
                >
                  {s.action.label}
                </button>
                {acting === "failed" && (
                  <p className="mt-1 text-sm text-danger">That did not work. Try again.</p>
                )}
              </div>
            )}
            {!s.done && s.href && (
              <Link
                href={s.href}
                className="inline-flex min-h-10 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-md px-2 font-semibold text-navy underline"
              >
                Set up<span className="sr-only"> {s.title.toLowerCase()}</span>
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
