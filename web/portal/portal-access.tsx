import { useEffect, useRef, useState } from "react";
import { ACCESS_CODE_MESSAGES, PORTAL_LINK_DAYS } from "../../src/contracts/portal";
import { PORTAL_DEVICE_DAYS } from "../../src/contracts/portal-access";
import { useBrand } from "../lib/brand-context";
import { portalCall } from "./portal-api";

/** "Keep me signed in on this device": the box both ways in offer, unticked (ADR 299). */
function KeepSignedIn({ checked, onChange }: { checked?: boolean; onChange?: (on: boolean) => void }) {
  return (
    <div className="mt-4">
      <label className="flex min-h-11 items-start gap-3 text-ink">
        <input
          type="checkbox"
          name="remember"
          value="on"
          checked={checked}
          onChange={onChange && ((ev) => onChange(ev.target.checked))}
          className="mt-1 size-5 shrink-0 accent-navy"
          aria-describedby="keep-signed-in-hint"
        />
        <span className="font-semibold">Keep me signed in on this device for {PORTAL_DEVICE_DAYS} days</span>
      </label>
      <p id="keep-signed-in-hint" className="ml-8 text-sm text-ink-muted">
        Only on a device you alone use. Signing out, or asking us, ends it at once.
      </p>
    </div>
  );
}

/**
 * The e-mailed link, read from the address: opened when the client presses the button. A link whose signer the
 * firm gave an access code by phone (ADR 305) is answered with `accessCode`, what to say at its field: the page
 * then asks for the code, with focus on it, and opens nothing until it is right.
 */
export function OpenLink({
  onOpen,
  accessCode,
}: {
  onOpen: (remember: boolean, accessCode?: string) => void;
  accessCode?: { message: string; answer: number };
}) {
  const [remember, setRemember] = useState(false);
  const [code, setCode] = useState("");
  const [pending, setPending] = useState(false);
  const codeField = useRef<HTMLInputElement>(null);
  const asked = accessCode !== undefined;
  // The first answer only asks for the code; any other says what was wrong with the one entered.
  const wrong = asked && accessCode.message !== ACCESS_CODE_MESSAGES.asked;
  // Each answer about the code (asked, or wrong) moves focus to the field it is about, cleared for a new try.
  const answer = accessCode?.answer;
  useEffect(() => {
    if (answer === undefined) return;
    setPending(false);
    setCode("");
    codeField.current?.focus();
  }, [answer]);
  return (
    <section className="mt-6" aria-labelledby="open-title">
      <h2 id="open-title" className="font-serif text-2xl font-bold text-navy">
        Open your engagement
      </h2>
      <p className="mt-2 text-ink">
        For your security each link we email opens the portal once. Press Open to start your session in this
        browser.
      </p>
      <form
        className="mt-2"
        onSubmit={(ev) => {
          ev.preventDefault();
          setPending(true);
          onOpen(remember, asked ? code : undefined);
        }}
      >
        {asked && (
          <div className="mt-4 max-w-md">
            <label htmlFor="access-code" className="block font-semibold text-ink">
              Access code
            </label>
            <p id="access-code-hint" className="text-sm text-ink-muted">
              The firm told you this code by phone. It is not in any email.
            </p>
            <input
              ref={codeField}
              id="access-code"
              name="accessCode"
              required
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              value={code}
              onChange={(ev) => setCode(ev.target.value)}
              aria-invalid={wrong}
              aria-describedby="access-code-hint access-code-problem"
              className={`mt-1 w-full rounded-lg border bg-white px-3 py-2 text-ink ${wrong ? "border-red-700" : "border-line"}`}
            />
            <p
              id="access-code-problem"
              role={wrong ? "alert" : "status"}
              className={`mt-1 text-sm ${wrong ? "font-semibold text-red-800" : "text-ink"}`}
            >
              {accessCode.message}
            </p>
          </div>
        )}
        <KeepSignedIn checked={remember} onChange={setRemember} />
        <button type="submit" className="btn-navy mt-4" disabled={pending}>
          Open
        </button>
      </form>
    </section>
  );
}

/**
 * Without the script nothing can read the link's fragment, and the fragment is never sent to a server: the
 * client pastes the link into this form, which posts it in the body (kept out of addresses and logs alike).
 */
export function OpenWithoutScript({ problem }: { problem?: string }) {
  return (
    <section className="mt-6" aria-labelledby="paste-title">
      {problem && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      )}
      <h2 id="paste-title" className="mt-6 font-serif text-2xl font-bold text-navy">
        Open your engagement
      </h2>
      <p className="mt-2 text-ink">
        Your browser is not running scripts, so the portal cannot read the link by itself. Copy the whole link
        from our email, paste it here and press Open.
      </p>
      <form method="post" action="/api/portal/session" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="portal-link" className="block font-semibold text-ink">
            The link from your email
          </label>
          <input
            id="portal-link"
            name="link"
            required
            autoComplete="off"
            className="mt-1 w-full rounded-lg border border-line bg-white px-3 py-2 text-ink"
          />
        </div>
        <button type="submit" className="btn-navy">
          Open
        </button>
        <div className="basis-full">
          <label htmlFor="portal-access-code" className="block font-semibold text-ink">
            Access code, if the firm gave you one by phone
          </label>
          <input
            id="portal-access-code"
            name="accessCode"
            autoComplete="one-time-code"
            className="mt-1 w-full max-w-xs rounded-lg border border-line bg-white px-3 py-2 text-ink"
          />
        </div>
        <div className="basis-full">
          <KeepSignedIn />
        </div>
      </form>
    </section>
  );
}

/**
 * Signing out deletes the session on the server (a copy of its cookie opens nothing afterwards). A plain form,
 * so it works without the script too; with it, the page shows the way back in at once.
 */
export function SignOut({ onSignedOut }: { onSignedOut: () => void }) {
  return (
    <form
      method="post"
      action="/api/portal/sign-out"
      onSubmit={(ev) => {
        ev.preventDefault();
        portalCall("/sign-out", {}).then(onSignedOut);
      }}
    >
      <button type="submit" className="btn-outline">
        Sign out
      </button>
    </form>
  );
}

export function RequestLink({ message, notice }: { message?: string; notice?: string }) {
  const brand = useBrand();
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(notice ?? null);
  return (
    <section className="mt-6" aria-labelledby="link-title">
      {message && (
        <p role="alert" className="rounded-lg border border-line bg-white p-3 text-ink">
          {message}
        </p>
      )}
      <h2 id="link-title" className="mt-6 font-serif text-2xl font-bold text-navy">
        Get a fresh link
      </h2>
      <p className="mt-2 text-ink">
        Each link we email opens the portal once and works for {PORTAL_LINK_DAYS} days. Enter the address you
        gave {brand.name} and we will email you a fresh one.
      </p>
      <form
        method="post"
        action="/api/portal/link"
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(ev) => {
          ev.preventDefault();
          portalCall<{ message: string }>("/link", { email }).then((a) =>
            setSent(a.ok ? a.data.message : a.error),
          );
        }}
      >
        <div>
          <label htmlFor="portal-email" className="block font-semibold text-ink">
            Email address
          </label>
          <input
            id="portal-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(ev) => setEmail(ev.target.value)}
            className="mt-1 rounded-lg border border-line bg-white px-3 py-2 text-ink"
          />
        </div>
        <button type="submit" className="btn-navy">
          Send me a link
        </button>
      </form>
      {sent && (
        <p role="status" className="mt-3 text-ink">
          {sent}
        </p>
      )}
    </section>
  );
}
