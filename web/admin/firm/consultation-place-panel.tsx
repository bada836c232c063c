import { type FormEvent, useEffect, useRef, useState } from "react";
import * as v from "valibot";
import {
  CONSULTATION_PLACE_KINDS,
  type ConsultationPlace,
  ConsultationPlaceSchema,
} from "../../../src/contracts/firm";
import { apiRequest, getJson } from "../../lib/api";
import { serverErrors } from "../../lib/api-errors";
import { toast } from "../../lib/toast-store";
import { failedToast } from "../shared/failed-toast";
import { TextField } from "../shared/text-field";

const API = "/api/admin/firm/consultation-place";
const KIND_LABELS: Record<ConsultationPlace["kind"], string> = { phone: "By phone", video: "By video" };

/**
 * How the firm holds its consultations: a phone number the client calls or a video link they open. The portal
 * shows it beside the booking and each calendar invitation carries it as its location.
 */
export function ConsultationPlacePanel() {
  const [kind, setKind] = useState<ConsultationPlace["kind"]>("phone");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState<ConsultationPlace | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    getJson<{ place: ConsultationPlace | null }>([API]).then(
      ({ place }) => {
        setSaved(place);
        if (place) {
          setKind(place.kind);
          setValue(place.value);
        }
      },
      () => undefined,
    );
  }, []);

  const save = async (ev: FormEvent<HTMLFormElement>) => {
    ev.preventDefault();
    const checked = v.safeParse(ConsultationPlaceSchema, { kind, value });
    if (!checked.success) {
      setError(checked.issues[0]?.message);
      input.current?.focus();
      return;
    }
    setPending(true);
    try {
      const res = await apiRequest("PUT", API, checked.output);
      const { place } = (await res.json()) as { place: ConsultationPlace };
      setSaved(place);
      setError(undefined);
      toast({
        title: "Consultations Updated",
        description: "Clients see this in the portal and their invitations.",
      });
    } catch (e) {
      const messages = serverErrors(e);
      setError(messages?.value?.[0] ?? messages?.kind?.[0]);
      input.current?.focus();
      failedToast("Not Saved", messages, e, { oneField: true });
    } finally {
      setPending(false);
    }
  };

  return (
    <section
      aria-labelledby="consultation-place-title"
      className="rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <h2 id="consultation-place-title" className="font-serif text-2xl font-bold text-navy">
        How consultations happen
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-ink-muted">
        Clients see this in the portal when they book, and each calendar invitation carries it as its
        location.
        {saved
          ? ""
          : " Not set yet: each booking tells the client the firm will call them at the number on their request."}
      </p>
      <form className="mt-4 grid max-w-2xl gap-4" noValidate onSubmit={save}>
        <fieldset>
          <legend className="text-sm font-semibold text-ink">How</legend>
          <div className="mt-2 flex gap-6">
            {CONSULTATION_PLACE_KINDS.map((k) => (
              <label key={k} className="flex items-center gap-2 text-ink">
                <input
                  type="radio"
                  name="kind"
                  value={k}
                  checked={kind === k}
                  onChange={() => setKind(k)}
                  className="size-5 accent-navy"
                />
                {KIND_LABELS[k]}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          ref={input}
          id="consultation-place-value"
          name="value"
          label={kind === "phone" ? "Phone number clients call" : "Video link clients open"}
          hint={
            kind === "phone"
              ? "With its area code, like (212) 555-0147"
              : "A full address starting with https://"
          }
          inputMode={kind === "phone" ? "tel" : "url"}
          value={value}
          error={error}
          onChange={(ev) => setValue(ev.target.value)}
        />
        <div>
          <button type="submit" className="btn-navy" disabled={pending}>
            Save
          </button>
        </div>
      </form>
    </section>
  );
}
