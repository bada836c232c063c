import { Phone, Video } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import {
  CONSULTATION_CHANGE_HOURS,
  CONSULTATION_MINUTES,
  type ConsultationBooking,
  type ConsultationSlot,
  type ConsultationSlots,
} from "../../src/contracts/consultation";
import type { ConsultationPlace } from "../../src/contracts/firm";
import { localZone } from "../../src/contracts/time-format";
import { type Answer, apiAnswer } from "../lib/api";
import { useClientTimes } from "../lib/dates";
import { telHref } from "../lib/tel";

const API = "/api/portal/consultation";
type Message = { tone: "ok" | "error"; text: string };

/** The browser's own zone, when it is not the firm's: the slots then carry a second label. */
const browserZone = localZone;

/** A consultation call, with the browser's zone for the second label. */
const call = <T,>(method: string, path: string, body?: unknown): Promise<Answer<T>> => {
  const tz = browserZone();
  const url = `${API}${path}${tz ? `?tz=${encodeURIComponent(tz)}` : ""}`;
  return apiAnswer<T>(method, url, body, "Something went wrong. Please try again.");
};

/**
 * The portal's consultation: once the report is delivered, the client picks one of the firm's free
 * 15-minute times (grouped by day, labelled in the firm's zone and their own), books it, and may move or
 * cancel it until 24 hours before. Every answer is said in words, in a live region.
 */
export function ConsultationSection({ delivered }: { delivered: boolean }) {
  const when = useClientTimes().dateTime;
  const [booking, setBooking] = useState<ConsultationBooking | null | undefined>(undefined);
  const [slots, setSlots] = useState<ConsultationSlots | null>(null);
  const [picking, setPicking] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [place, setPlace] = useState<ConsultationPlace | null>(null);
  const [callsYouAt, setCallsYouAt] = useState<string | null>(null);

  const loadSlots = useCallback(async () => {
    const a = await call<ConsultationSlots>("GET", "/slots");
    if (a.ok) setSlots(a.data);
    else setMessage({ tone: "error", text: a.error });
  }, []);

  useEffect(() => {
    let live = true;
    call<{
      consultation: ConsultationBooking | null;
      place: ConsultationPlace | null;
      callsYouAt?: string | null;
    }>("GET", "").then((a) => {
      if (!live) return;
      if (a.ok) {
        setPlace(a.data.place);
        setCallsYouAt(a.data.callsYouAt ?? null);
      }
      if (!delivered) return;
      if (!a.ok) return setMessage({ tone: "error", text: a.error });
      setBooking(a.data.consultation);
      if (!a.data.consultation) loadSlots();
    });
    return () => {
      live = false;
    };
  }, [delivered, loadSlots]);

  const choose = async (start: string) => {
    setBusy(true);
    const moving = Boolean(booking);
    const a = await call<{ consultation: ConsultationBooking }>(moving ? "PATCH" : "POST", "", { start });
    setBusy(false);
    if (a.ok) {
      setBooking(a.data.consultation);
      setPicking(false);
      setSlots(null);
      setMessage({
        tone: "ok",
        text: `${moving ? "Moved" : "Booked"}: ${a.data.consultation.label}. An invitation for your calendar is on its way to your email.`,
      });
    } else {
      setMessage({ tone: "error", text: a.error });
      if (a.status === 409 || a.status === 400) loadSlots();
    }
  };

  const cancel = async () => {
    setBusy(true);
    const a = await call<{ consultation: null }>("DELETE", "");
    setBusy(false);
    setConfirmCancel(false);
    if (a.ok) {
      setBooking(null);
      setMessage({
        tone: "ok",
        text: "Your consultation is cancelled. A cancellation for your calendar is on its way to your email. You can book another time below.",
      });
      loadSlots();
    } else setMessage({ tone: "error", text: a.error });
  };

  return (
    <section aria-labelledby="consultation-title">
      <h2 id="consultation-title" className="font-serif text-2xl font-bold text-navy">
        Your consultation
      </h2>
      {place ? <PlaceLine place={place} /> : callsYouAt && <CallsYouLine phone={callsYouAt} />}
      {!delivered && (
        <p className="mt-2 text-ink">
          Once your report is delivered, you can book a {CONSULTATION_MINUTES}-minute consultation here to
          walk through the findings with us.
        </p>
      )}
      <div aria-live="polite" className="mt-3 empty:hidden">
        {message && (
          <p
            role={message.tone === "error" ? "alert" : "status"}
            className={`rounded-lg border p-3 ${message.tone === "error" ? "border-red-300 bg-red-50 text-red-900" : "border-line bg-white text-ink"}`}
          >
            {message.text}
          </p>
        )}
      </div>
      {delivered && booking === undefined && !message && (
        <>
          <p className="mt-2 text-ink-muted">Loading your consultation…</p>
          <noscript>
            <p className="mt-2 text-ink">
              Choosing a time needs JavaScript in your browser. Without it, call or email us and we will book
              the consultation for you.
            </p>
          </noscript>
        </>
      )}
      {booking && (
        <div className="mt-3 rounded-xl border border-line bg-white p-5">
          <p className="text-sm text-ink-muted">Booked for</p>
          <p className="mt-1 text-lg font-semibold text-ink">{booking.label}</p>
          {booking.clientLabel && <p className="text-ink-muted">Your time: {booking.clientLabel}</p>}
          {booking.changeable ? (
            <>
              <p className="mt-3 text-ink">
                You can move or cancel it here until {when(booking.changeableUntil)} (
                {CONSULTATION_CHANGE_HOURS} hours before it starts).
              </p>
              {!picking && !confirmCancel && (
                <div className="mt-4 flex flex-wrap gap-3">
                  <button
                    type="button"
                    className="btn-navy"
                    onClick={() => {
                      setPicking(true);
                      setMessage(null);
                      loadSlots();
                    }}
                  >
                    Move to another time
                  </button>
                  <button type="button" className="btn-outline" onClick={() => setConfirmCancel(true)}>
                    Cancel the consultation
                  </button>
                </div>
              )}
              {confirmCancel && (
                <div className="mt-4 rounded-lg border border-line p-4">
                  <p className="font-semibold text-ink">Cancel the consultation on {booking.label}?</p>
                  <div className="mt-3 flex flex-wrap gap-3">
                    <button type="button" className="btn-navy" disabled={busy} onClick={cancel}>
                      Yes, cancel it
                    </button>
                    <button type="button" className="btn-outline" onClick={() => setConfirmCancel(false)}>
                      Keep it
                    </button>
                  </div>
                </div>
              )}
            </>
          ) : (
            <p className="mt-3 text-ink">
              It starts in less than {CONSULTATION_CHANGE_HOURS} hours, so it can no longer be moved or
              cancelled here. To change it, call or email us.
            </p>
          )}
        </div>
      )}
      {delivered && (booking === null || picking) && (
        <SlotPicker
          slots={slots}
          busy={busy}
          action={booking ? "Move to this time" : "Book this time"}
          onChoose={choose}
          onBack={booking ? () => setPicking(false) : undefined}
        />
      )}
    </section>
  );
}

/** Until the firm sets how it holds consultations, it calls the client: at the number they gave (issue 44). */
function CallsYouLine({ phone }: { phone: string }) {
  return (
    <p className="mt-2 flex items-start gap-2 rounded-lg border border-line bg-white p-3 text-ink">
      <Phone className="mt-1 size-4 shrink-0 text-navy" aria-hidden="true" />
      <span>
        <span className="font-semibold">By phone.</span> At the time booked, we call you at{" "}
        <span className="font-semibold">{phone}</span>, the number you gave us.
      </span>
    </p>
  );
}

/** How the consultation happens: the number to call or the link to open, at the booked time. */
function PlaceLine({ place }: { place: ConsultationPlace }) {
  return (
    <p className="mt-2 flex items-start gap-2 rounded-lg border border-line bg-white p-3 text-ink">
      {place.kind === "phone" ? (
        <Phone className="mt-1 size-4 shrink-0 text-navy" aria-hidden="true" />
      ) : (
        <Video className="mt-1 size-4 shrink-0 text-navy" aria-hidden="true" />
      )}
      {place.kind === "phone" ? (
        <span>
          <span className="font-semibold">By phone.</span> At the time booked, call us at{" "}
          <a className="font-semibold text-navy underline" href={telHref(place.value)}>
            {place.value}
          </a>
          .
        </span>
      ) : (
        <span className="min-w-0">
          <span className="font-semibold">By video.</span> At the time booked, join at{" "}
          <a className="break-all font-semibold text-navy underline" href={place.value} rel="noopener">
            {place.value}
          </a>
          .
        </span>
      )}
    </p>
  );
}

/** Free times by day: a day, then a time in it, then one button. */
function SlotPicker(props: {
  slots: ConsultationSlots | null;
  busy: boolean;
  action: string;
  onChoose: (start: string) => void;
  onBack?: () => void;
}) {
  const { slots } = props;
  const days = groupByDay(slots?.slots ?? []);
  const [day, setDay] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = days.find((d) => d.date === day) ?? days[0];
  const showClient = slots?.clientTimeZone && slots.clientTimeZone !== slots.timeZone;

  if (!slots) return <p className="mt-3 text-ink-muted">Loading the open times…</p>;
  if (days.length === 0)
    return (
      <p className="mt-3 text-ink">
        There are no open times in the next two weeks. Please call or email us and we will find one.
      </p>
    );
  return (
    <form
      className="mt-4 space-y-4"
      onSubmit={(ev) => {
        ev.preventDefault();
        if (chosen) props.onChoose(chosen);
      }}
    >
      <p className="text-ink">
        Choose a {CONSULTATION_MINUTES}-minute time. Times are shown in our time zone ({slots.timeZone})
        {showClient ? ` and in yours (${slots.clientTimeZone})` : ""}.
      </p>
      <fieldset>
        <legend className="font-semibold text-ink">Day</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {days.map((d) => (
            <button
              key={d.date}
              type="button"
              aria-pressed={d.date === shown?.date}
              onClick={() => {
                setDay(d.date);
                setChosen(null);
              }}
              className={`rounded-lg border px-3 py-2 text-sm font-semibold ${d.date === shown?.date ? "border-navy bg-navy text-white" : "border-line bg-white text-navy"}`}
            >
              {d.label}
            </button>
          ))}
        </div>
      </fieldset>
      {shown && (
        <fieldset>
          <legend className="font-semibold text-ink">{shown.label}: open times</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {shown.slots.map((s) => (
              <label
                key={s.start}
                className={`flex cursor-pointer items-start gap-2 rounded-lg border px-3 py-2 ${chosen === s.start ? "border-navy bg-white ring-2 ring-navy" : "border-line bg-white"}`}
              >
                <input
                  type="radio"
                  name="consultation-slot"
                  value={s.start}
                  checked={chosen === s.start}
                  onChange={() => setChosen(s.start)}
                  className="mt-1 size-4"
                />
                <span>
                  <span className="block font-semibold text-ink">{s.label}</span>
                  {showClient && s.clientLabel && (
                    <span className="block text-sm text-ink-muted">Yours: {s.clientLabel}</span>
                  )}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-navy" disabled={!chosen || props.busy}>
          {props.action}
        </button>
        {props.onBack && (
          <button type="button" className="btn-outline" onClick={props.onBack}>
            Keep the current time
          </button>
        )}
      </div>
    </form>
  );
}

/** Slots by the firm's calendar date, each day with a short label ("Mon, Nov 23"). */
function groupByDay(slots: ConsultationSlot[]) {
  const days: { date: string; label: string; slots: ConsultationSlot[] }[] = [];
  for (const s of slots) {
    const last = days[days.length - 1];
    if (last?.date === s.date) last.slots.push(s);
    else
      days.push({
        date: s.date,
        label: s.dayLabel.replace(/^(\w{3})\w*, (\w{3})\w* /, "$1, $2 "),
        slots: [s],
      });
  }
  return days;
}
