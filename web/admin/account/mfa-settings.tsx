import { ShieldCheck } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import * as v from "valibot";
import { Link } from "wouter";
import { type MfaEnrolment, type MfaStatus, TotpCodeSchema } from "../../../src/contracts/admin-auth";
import { PATHS } from "../../../src/contracts/paths";
import { apiRequest, getJson } from "../../lib/api";
import { serverErrors, serverMessage } from "../../lib/api-errors";
import { toast } from "../../lib/toast-store";
import { ADMIN_API } from "../shared/admin-session";
import { TextField } from "../shared/text-field";
import { RecoveryCodeActions } from "./recovery-codes";

/**
 * Two-step sign-in on the account screen: set up (QR code, secret, confirm with a code), the one-time
 * recovery codes, and turning it off with the password.
 */
export function MfaSection({ enrolling }: { enrolling: boolean }) {
  const [status, setStatus] = useState<MfaStatus | null>(null);
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [pending, setPending] = useState(false);

  const refresh = () =>
    getJson<MfaStatus>([ADMIN_API.mfa]).then(setStatus, () =>
      toast({
        title: "Could Not Load Settings",
        description: "Reload the page to try again.",
        variant: "destructive",
      }),
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount
  useEffect(() => {
    void refresh();
  }, []);

  const start = async () => {
    setPending(true);
    try {
      const res = await apiRequest("POST", ADMIN_API.mfaEnrol);
      setEnrolment((await res.json()) as MfaEnrolment);
    } catch (error) {
      toast({
        title: "Set-Up Failed",
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <section aria-labelledby="mfa-title" className="rounded-xl border border-line bg-white p-6 shadow-sm">
      <h2 id="mfa-title" className="flex items-center gap-2 font-serif text-2xl font-bold text-navy">
        <ShieldCheck className="size-6" aria-hidden="true" />
        Two-Step Sign-In
      </h2>
      {codes ? (
        <RecoveryCodes codes={codes} enrolling={enrolling} onDone={() => setCodes(null)} />
      ) : status === null ? (
        <p className="mt-4 text-ink-muted">Loading...</p>
      ) : status.enabled ? (
        <DisableMfa status={status} onDisabled={refresh} />
      ) : enrolment ? (
        <ConfirmEnrolment
          enrolment={enrolment}
          onConfirmed={(c) => {
            setEnrolment(null);
            setCodes(c);
            void refresh();
          }}
        />
      ) : (
        <>
          <p className="mt-2 text-sm text-ink-muted">
            Two-step sign-in asks for a 6-digit code from an authenticator app (such as 1Password, Google
            Authenticator or Microsoft Authenticator) after your password, so a stolen password alone cannot
            open the admin.
          </p>
          <p className="mt-4 font-semibold text-ink">Status: off</p>
          <button
            type="button"
            onClick={start}
            disabled={pending}
            className="btn-navy mt-4 disabled:opacity-70"
          >
            {pending ? "Preparing..." : "Set Up Two-Step Sign-In"}
          </button>
        </>
      )}
    </section>
  );
}

function ConfirmEnrolment({
  enrolment,
  onConfirmed,
}: {
  enrolment: MfaEnrolment;
  onConfirmed: (codes: string[]) => void;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  const check = (value: string) => {
    const r = v.safeParse(TotpCodeSchema, value);
    return r.success ? undefined : r.issues[0].message;
  };
  const qrSrc = `data:image/svg+xml;base64,${btoa(enrolment.qrSvg)}`;
  const groupedSecret = enrolment.secret.match(/.{1,4}/g)?.join(" ") ?? enrolment.secret;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problem = check(code);
    setError(problem);
    if (problem) {
      ref.current?.focus();
      return;
    }
    setPending(true);
    try {
      const res = await apiRequest("POST", ADMIN_API.mfaConfirm, { code });
      const { recoveryCodes } = (await res.json()) as { recoveryCodes: string[] };
      toast({ title: "Two-Step Sign-In On", description: "Save your recovery codes now." });
      onConfirmed(recoveryCodes);
    } catch (err) {
      const fields = serverErrors(err);
      setError(fields?.code ?? serverMessage(err, "Please try again."));
      ref.current?.focus();
      setPending(false);
    }
  };

  return (
    <div className="mt-4">
      <ol className="list-decimal space-y-2 pl-5 text-sm text-ink">
        <li>Scan this QR code with your authenticator app, or type the secret key into it.</li>
        <li>Enter the 6-digit code the app then shows.</li>
      </ol>
      <img
        src={qrSrc}
        width={200}
        height={200}
        alt="QR code to add this admin account to an authenticator app"
        className="mt-4 size-50 rounded-md border border-line"
      />
      <p className="mt-4 text-sm font-semibold text-ink">Secret key</p>
      <code
        data-testid="mfa-secret"
        className="mt-1 block break-all rounded-md bg-paper-deep px-3 py-2 font-mono text-ink"
      >
        {groupedSecret}
      </code>
      <form
        method="post"
        action={ADMIN_API.mfaConfirm}
        noValidate
        onSubmit={onSubmit}
        className="mt-6 space-y-5"
        aria-label="Confirm two-step sign-in"
      >
        <TextField
          ref={ref}
          id="mfa-confirm-code"
          label="Code from the app"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onBlur={() => code && setError(check(code))}
          error={error}
        />
        <button type="submit" disabled={pending} className="btn-navy disabled:opacity-70">
          {pending ? "Confirming..." : "Confirm"}
        </button>
      </form>
    </div>
  );
}

function RecoveryCodes({
  codes,
  enrolling,
  onDone,
}: {
  codes: string[];
  enrolling: boolean;
  onDone: () => void;
}) {
  return (
    <div className="mt-4">
      <p className="font-semibold text-ink">Two-step sign-in is on. Save these recovery codes now.</p>
      <p className="mt-2 text-sm text-ink-muted">
        If you lose your phone, each code signs you in once instead of an app code. They are shown only this
        once: print them or keep them in your password manager.
      </p>
      <ul aria-label="Recovery codes" className="mt-4 grid grid-cols-2 gap-2 font-mono text-ink">
        {codes.map((c) => (
          <li key={c} className="rounded-md bg-paper-deep px-3 py-2 text-center">
            {c}
          </li>
        ))}
      </ul>
      <RecoveryCodeActions codes={codes} />
      {enrolling ? (
        <Link href={PATHS.adminDashboard} className="btn-navy mt-6">
          Continue to the Dashboard
        </Link>
      ) : (
        <button type="button" onClick={onDone} className="btn-navy mt-6">
          I Have Saved My Codes
        </button>
      )}
    </div>
  );
}

function DisableMfa({ status, onDisabled }: { status: MfaStatus; onDisabled: () => void }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const ref = useRef<HTMLInputElement>(null);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!password) {
      setError("Password is required");
      ref.current?.focus();
      return;
    }
    setPending(true);
    try {
      await apiRequest("POST", ADMIN_API.mfaDisable, { password });
      toast({ title: "Two-Step Sign-In Off", description: "Sign-in now asks for your password only." });
      setPassword("");
      onDisabled();
    } catch (err) {
      setError(serverErrors(err)?.password ?? serverMessage(err, "Please try again."));
      ref.current?.focus();
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <p className="mt-4 font-semibold text-ink">Status: on</p>
      <p className="mt-1 text-sm text-ink-muted">{status.recoveryCodesLeft} of 10 recovery codes left.</p>
      {status.required ? (
        <p className="mt-4 text-sm text-ink-muted">
          This server requires two-step sign-in, so it cannot be turned off.
        </p>
      ) : (
        <form
          method="post"
          action={ADMIN_API.mfaDisable}
          noValidate
          onSubmit={onSubmit}
          className="mt-6 space-y-5"
          aria-label="Turn off two-step sign-in"
        >
          <TextField
            ref={ref}
            id="mfa-disable-password"
            label="Password"
            hint="Confirm with your password to turn two-step sign-in off."
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error}
          />
          <button type="submit" disabled={pending} className="btn-outline disabled:opacity-70">
            {pending ? "Turning off..." : "Turn Off Two-Step Sign-In"}
          </button>
        </form>
      )}
    </>
  );
}
