import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { Fingerprint } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  PORTAL_DEVICE_DAYS,
  type PortalAccessView,
  passkeyAddressProblem,
  passkeyBrowserRefusal,
} from "../../src/contracts/portal-access";
import { formatDateTime } from "../lib/dates";
import { type PortalEngagement, portalCall } from "./portal-api";

/** The browser's refusal in words: its own message ("… is an invalid domain") never reaches the client. */
const refusalOf = (error: unknown) =>
  passkeyBrowserRefusal(error instanceof Error ? error : null, window.location.hostname);

/**
 * Coming back with a passkey instead of a link (ADR 299): the browser offers the passkeys it holds for this site
 * and the one the client unlocks opens its engagement. Offered only with the script, which the ceremony needs.
 */
export function PasskeyOpen({ onOpened }: { onOpened: (engagement: PortalEngagement) => void }) {
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const onClick = async () => {
    setPending(true);
    setMessage(null);
    try {
      // A numeric address cannot hold a passkey: said before the browser is asked (and by the server too).
      const here = passkeyAddressProblem(window.location.hostname);
      if (here) return setMessage(here);
      const options = await portalCall<PublicKeyCredentialRequestOptionsJSON>("/passkey/options", {});
      if (!options.ok) return setMessage(options.error);
      const { startAuthentication } = await import("@simplewebauthn/browser");
      let response: unknown;
      try {
        response = await startAuthentication({ optionsJSON: options.data });
      } catch (error) {
        return setMessage(refusalOf(error));
      }
      const opened = await portalCall<{ engagement: PortalEngagement }>("/passkey", { response });
      if (opened.ok) onOpened(opened.data.engagement);
      else setMessage(opened.error);
    } finally {
      setPending(false);
    }
  };
  return (
    <section className="mt-8 rounded-lg border border-line bg-white p-4" aria-labelledby="passkey-open-title">
      <h2 id="passkey-open-title" className="font-serif text-xl font-bold text-navy">
        Added a passkey?
      </h2>
      <p className="mt-1 text-ink">Open your engagement with your device's fingerprint, face or PIN.</p>
      <button
        type="button"
        onClick={onClick}
        disabled={pending}
        className="btn-outline mt-3 disabled:opacity-70"
      >
        <Fingerprint className="size-5" aria-hidden="true" />
        {pending ? "Waiting for the passkey…" : "Use a Passkey"}
      </button>
      <p role="status" className="mt-2 text-ink empty:hidden">
        {message}
      </p>
    </section>
  );
}

/**
 * The open portal's "Coming back" part: whether this browser is kept signed in (and the way to start or stop
 * that), and the client's passkeys: added here, listed, removed.
 */
export function ComingBackSection() {
  const [access, setAccess] = useState<PortalAccessView | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState("");
  const [pending, setPending] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  const load = () =>
    portalCall<PortalAccessView>("/access").then((a) => {
      if (a.ok) setAccess(a.data);
    });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount
  useEffect(() => {
    void load();
  }, []);

  const keep = async (on: boolean) => {
    setPending(true);
    const answer = on
      ? await portalCall<{ device: { expiresAt: string } | null }>("/device", {})
      : await deleteDevice();
    setPending(false);
    setMessage(
      answer.ok
        ? on
          ? `This device is kept signed in for ${PORTAL_DEVICE_DAYS} days.`
          : "This device is no longer kept signed in."
        : answer.error,
    );
    void load();
  };

  const add = async (ev: FormEvent<HTMLFormElement>) => {
    ev.preventDefault();
    if (!name.trim()) {
      setMessage("Give the passkey a name, such as My phone.");
      nameRef.current?.focus();
      return;
    }
    setPending(true);
    setMessage(null);
    try {
      const options = await portalCall<PublicKeyCredentialCreationOptionsJSON>("/passkeys/options", {});
      if (!options.ok) return setMessage(options.error);
      const { startRegistration } = await import("@simplewebauthn/browser");
      let response: unknown;
      try {
        response = await startRegistration({ optionsJSON: options.data });
      } catch (error) {
        return setMessage(refusalOf(error));
      }
      const added = await portalCall("/passkeys", { name, response });
      if (!added.ok) return setMessage(added.error);
      setMessage(`Passkey "${name.trim()}" added: use it to come back without a link.`);
      setAdding(false);
      setName("");
      void load();
    } finally {
      setPending(false);
    }
  };

  const remove = async (id: number, label: string) => {
    setPending(true);
    const answer = await portalCall(`/passkeys/${id}`, undefined, "DELETE");
    setPending(false);
    setMessage(answer.ok ? `Passkey "${label}" removed.` : answer.error);
    void load();
  };

  return (
    <section aria-labelledby="coming-back-title" className="space-y-3">
      <h2 id="coming-back-title" className="font-serif text-2xl font-bold text-navy">
        Coming back
      </h2>
      {access === null ? (
        <p className="text-ink-muted">Loading…</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <div className="rounded-lg border border-line bg-white p-4">
            <h3 className="font-semibold text-ink">This device</h3>
            {access.device ? (
              <>
                <p className="mt-1 text-ink">
                  Kept signed in until{" "}
                  <time dateTime={access.device.expiresAt}>{formatDateTime(access.device.expiresAt)}</time>.
                </p>
                <button
                  type="button"
                  className="btn-outline mt-3"
                  disabled={pending}
                  onClick={() => keep(false)}
                >
                  Stop Keeping Me Signed In
                </button>
              </>
            ) : (
              <>
                <p className="mt-1 text-ink">
                  Not kept signed in: each visit starts from a link we email you, or a passkey.
                </p>
                <button
                  type="button"
                  className="btn-outline mt-3"
                  disabled={pending}
                  onClick={() => keep(true)}
                >
                  Keep Me Signed In for {PORTAL_DEVICE_DAYS} Days
                </button>
              </>
            )}
          </div>
          <div className="rounded-lg border border-line bg-white p-4">
            <h3 className="font-semibold text-ink">Passkeys</h3>
            <p className="mt-1 text-ink">
              A passkey opens your engagement with your device's fingerprint, face or PIN, without a link.
            </p>
            {access.passkeys.length > 0 && (
              <ul aria-label="Your passkeys" className="mt-3 divide-y divide-line">
                {access.passkeys.map((p) => (
                  <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span className="min-w-0 break-words">
                      <span className="font-semibold text-ink">{p.name}</span>
                      <span className="block text-sm text-ink-muted">
                        Added {formatDateTime(p.createdAt)}; last used{" "}
                        {p.lastUsedAt ? formatDateTime(p.lastUsedAt) : "never"}.
                      </span>
                    </span>
                    <button
                      type="button"
                      className="btn-outline"
                      disabled={pending}
                      aria-label={`Remove passkey ${p.name}`}
                      onClick={() => remove(p.id, p.name)}
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {access.passkeyProblem ? (
              <p className="mt-3 text-sm text-ink-muted">{access.passkeyProblem}</p>
            ) : adding ? (
              <form noValidate onSubmit={add} className="mt-3 space-y-3" aria-label="Add a passkey">
                <div>
                  <label htmlFor="client-passkey-name" className="block font-semibold text-ink">
                    Name for this passkey
                  </label>
                  <input
                    ref={nameRef}
                    id="client-passkey-name"
                    value={name}
                    maxLength={100}
                    autoComplete="off"
                    onChange={(ev) => setName(ev.target.value)}
                    aria-describedby="client-passkey-name-hint"
                    className="mt-1 w-full rounded-lg border border-ink-muted bg-white px-3 py-2 text-ink"
                  />
                  <p id="client-passkey-name-hint" className="mt-1 text-sm text-ink-muted">
                    Say which device holds it, such as My phone.
                  </p>
                </div>
                <div className="flex flex-wrap gap-3">
                  <button type="submit" className="btn-navy disabled:opacity-70" disabled={pending}>
                    {pending ? "Adding…" : "Add Passkey"}
                  </button>
                  <button
                    type="button"
                    className="btn-outline"
                    disabled={pending}
                    onClick={() => setAdding(false)}
                  >
                    Cancel
                  </button>
                </div>
              </form>
            ) : (
              <button type="button" className="btn-navy mt-3" onClick={() => setAdding(true)}>
                Add a Passkey
              </button>
            )}
          </div>
        </div>
      )}
      <p role="status" className="text-ink empty:hidden">
        {message}
      </p>
    </section>
  );
}

const deleteDevice = () => portalCall<{ device: null }>("/device", undefined, "DELETE");
