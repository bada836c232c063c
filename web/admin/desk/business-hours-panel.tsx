import { CalendarX2, Plus, X } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import type { ClosureList } from "../../../src/contracts/desk";
import { formatWeekdayDay } from "../../../src/contracts/time-format";
import { apiRequest, getJson } from "../../lib/api";
import { type FieldMessages, serverErrors, serverMessage } from "../../lib/api-errors";
import { focusFirstInvalid } from "../../lib/focus-first-invalid";
import { toast } from "../../lib/toast-store";
import { failedToast } from "../shared/failed-toast";
import { TextField } from "../shared/text-field";
import { deskClockApi } from "./desk-labels";

/** "Thu 24 Dec 2026" from "2026-12-24", whatever the browser's zone. */
const dayLabel = (date: string) => formatWeekdayDay(date);

/**
 * The desk's clock as staff see it: the settings due times are computed from (read-only, set by the
 * operator), the coming public holidays, and the firm's own closures, which staff add and remove here.
 */
export function BusinessHoursPanel() {
  const [data, setData] = useState<ClosureList | null | "failed">(null);
  const [date, setDate] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<FieldMessages>({});
  const [pending, setPending] = useState(false);
  const dateRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    getJson<ClosureList>([deskClockApi.closures]).then(
      (d) => live && setData(d),
      () => live && setData("failed"),
    );
    return () => {
      live = false;
    };
  }, []);

  const add = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    if (!date) {
      setErrors({ date: "Choose the date the firm is closed" });
      dateRef.current?.focus();
      return;
    }
    setPending(true);
    try {
      const res = await apiRequest("POST", deskClockApi.closures, { date, note });
      setData((await res.json()) as ClosureList);
      setErrors({});
      setDate("");
      setNote("");
      toast({
        title: "Closure Added",
        description: `${dayLabel(date)} is a closure; waiting requests' due times now skip it.`,
      });
    } catch (error) {
      const messages = serverErrors(error);
      setErrors(messages ?? {});
      focusFirstInvalid(form, messages ?? {});
      failedToast("Closure Not Added", messages, error, { oneField: true });
    } finally {
      setPending(false);
    }
  };

  const remove = async (day: string) => {
    try {
      const res = await apiRequest("DELETE", deskClockApi.closure(day));
      setData((await res.json()) as ClosureList);
      toast({ title: "Closure Removed", description: `${dayLabel(day)} is a business day again.` });
    } catch (error) {
      toast({
        title: "Closure Not Removed",
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    }
  };

  return (
    <section
      aria-labelledby="hours-title"
      className="mt-8 rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <h2 id="hours-title" className="font-serif text-2xl font-bold text-navy">
        Business hours &amp; closures
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-ink-muted">
        A request is due its first response after the target number of business hours, counted in these hours,
        skipping public holidays and the closures below. Hours, time zone and holidays are set by the operator
        (FIRM_TIMEZONE, BUSINESS_HOURS, HOLIDAYS, RESPONSE_SLA_HOURS).
      </p>
      {data === null ? (
        <p className="mt-4 text-ink-muted">Loading the business hours...</p>
      ) : data === "failed" ? (
        <p className="mt-4 text-ink-muted">
          The business hours could not be loaded. Reload the page to try again.
        </p>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-2">
          <div>
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
              <Setting label="Business hours">{data.settings.businessHours}</Setting>
              <Setting label="Time zone">{data.settings.timeZone.replace(/_/g, " ")}</Setting>
              <Setting label="Public holidays">{data.settings.holidays ?? "None"}</Setting>
              <Setting label="First response within">
                {data.settings.slaHours} business {data.settings.slaHours === 1 ? "hour" : "hours"}
              </Setting>
            </dl>
            <h3 className="mt-6 font-semibold text-ink">Public holidays in the next 90 days</h3>
            {data.upcomingHolidays.length === 0 ? (
              <p className="mt-1 text-sm text-ink-muted">None.</p>
            ) : (
              <ul className="mt-1 grid gap-1 text-sm">
                {data.upcomingHolidays.map((h) => (
                  <li key={h.date}>
                    <time dateTime={h.date}>{dayLabel(h.date)}</time>: {h.name}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div>
            <h3 className="font-semibold text-ink">Firm closures</h3>
            {data.closures.length === 0 ? (
              <p className="mt-1 text-sm text-ink-muted">
                No closures. Add a day the office is closed (a retreat, an office move) and due times skip it.
              </p>
            ) : (
              <ul className="mt-2 grid gap-2">
                {data.closures.map((c) => (
                  <li
                    key={c.date}
                    className="flex items-center justify-between gap-3 rounded-md border border-line px-3 py-2"
                  >
                    <span className="flex items-start gap-2">
                      <CalendarX2 className="mt-1 size-4 shrink-0 text-navy" aria-hidden="true" />
                      <span>
                        <time dateTime={c.date} className="font-semibold">
                          {dayLabel(c.date)}
                        </time>
                        {c.note && <span className="block text-sm text-ink-muted">{c.note}</span>}
                      </span>
                    </span>
                    <button
                      type="button"
                      onClick={() => remove(c.date)}
                      aria-label={`Remove the closure on ${dayLabel(c.date)}`}
                      className="btn-base min-h-11 px-3 py-2 text-sm text-danger hover:bg-danger-light"
                    >
                      <X className="size-4" aria-hidden="true" />
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <form onSubmit={add} noValidate className="mt-5 grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
              <TextField
                ref={dateRef}
                id="closure-date"
                label="Date closed"
                type="date"
                name="date"
                value={date}
                onChange={(e) => setDate(e.target.value)}
                error={errors.date}
              />
              <TextField
                id="closure-note"
                label="Note (optional)"
                name="note"
                maxLength={200}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                error={errors.note}
              />
              <div className="sm:col-span-2">
                <button type="submit" disabled={pending} className="btn-navy disabled:opacity-70">
                  <Plus className="size-4" aria-hidden="true" />
                  {pending ? "Adding..." : "Add Closure"}
                </button>
              </div>
            </form>
          </div>
        </div>
      )}
    </section>
  );
}

function Setting({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
      <dd className="mt-0.5 text-ink">{children}</dd>
    </div>
  );
}
