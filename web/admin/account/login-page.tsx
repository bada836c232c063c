import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { Fingerprint, KeyRound, LockKeyhole } from "lucide-react";
import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import * as v from "valibot";
import { useLocation } from "wouter";
import {
  type AuthStatus,
  LOGIN_MESSAGES,
  type LoginFormState,
  type LoginResult,
  LoginSchema,
  mfaCodeProblem,
} from "../../../src/contracts/admin-auth";
import { PATHS } from "../../../src/contracts/paths";
import { ApiError, apiRequest, getJson } from "../../lib/api";
import { focusFirstInvalid } from "../../lib/focus-first-invalid";
import { usePageData } from "../../lib/page-data-context";
import { toast } from "../../lib/toast-store";
import { adminPage } from "../shared/admin-page";
import { ADMIN_API } from "../shared/admin-session";
import { SignedOutShell } from "../shared/signed-out-shell";
import { TextField } from "../shared/text-field";

type Field = "username" | "password";

const fieldError = (field: Field, value: string) => {
  const r = v.safeParse(LoginSchema.entries[field], value);
  return r.success ? undefined : r.issues[0].message;
};

/** The server's message for a throttled attempt (429); any other failure gets SPEC.md's wording. */
const failureText = (error: unknown) => {
  if (error instanceof ApiError && error.status === 429) {
    return error.json<{ error?: string }>()?.error ?? LOGIN_MESSAGES.failed;
  }
  return LOGIN_MESSAGES.failed;
};

export function LoginPage() {
  const [, navigate] = useLocation();
  // The page as the server answered a form posted without a script: its step, message and username.
  const served = usePageData()?.login;
  const [status, setStatus] = useState<AuthStatus | null>(null);
  const [step, setStep] = useState<"password" | "code">(served?.step ?? "password");
  // The password was right and the account's second factor is a passkey: the passkey's button finishes.
  const [passkeyAsked, setPasskeyAsked] = useState(served?.passkeyAsked ?? false);
  // The passkey's button and the recovery-code switch need the script: not shown before it runs.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);

  // The demo hint and a half-finished two-step sign-in are live server state: read them, never cache them.
  useEffect(() => {
    getJson<AuthStatus>([ADMIN_API.status]).then(
      (s) => {
        setStatus(s);
        if (s.authenticated) navigate(s.mfaEnrolmentRequired ? PATHS.adminAccount : PATHS.adminDashboard);
        else if (s.mfaRequired) setStep("code");
      },
      () => setStatus({ authenticated: false }),
    );
  }, [navigate]);

  const signedIn = (result: LoginResult) => {
    if (result.mfaEnrolmentRequired) {
      navigate(PATHS.adminAccount);
      return;
    }
    toast({ title: LOGIN_MESSAGES.successTitle, description: `Signed in as ${result.username}.` });
    navigate(PATHS.adminDashboard);
  };

  return (
    <SignedOutShell>
      {step === "password" ? (
        <>
          <PasswordStep
            served={served}
            onDone={(result) =>
              result.mfaRequired
                ? setStep("code")
                : result.passkeyRequired
                  ? setPasskeyAsked(true)
                  : signedIn(result)
            }
          />
          {scripted && <PasskeySignIn onDone={signedIn} asked={passkeyAsked} />}
        </>
      ) : (
        <CodeStep
          served={served}
          scripted={scripted}
          onDone={signedIn}
          onRestart={() => setStep("password")}
        />
      )}
      {step === "password" && status?.demoCredentials && (
        <aside
          aria-label="Demo credentials"
          className="mt-6 rounded-md border border-gold bg-gold-light p-4 text-sm text-ink"
        >
          <p className="font-semibold">Demo mode</p>
          <p className="mt-1">
            Sign in with username <code className="font-semibold">{status.demoCredentials.username}</code> and
            password <code className="font-semibold">{status.demoCredentials.password}</code>. This hint
            disappears once the password is changed.
          </p>
        </aside>
      )}
    </SignedOutShell>
  );
}

/** The message of a form the server answered, over the form it belongs to, read first by a screen reader. */
function ServedError({ served, step }: { served?: LoginFormState; step: LoginFormState["step"] }) {
  if (!served?.error || served.step !== step) return null;
  return (
    <p role="alert" className="mt-4 rounded-md border border-danger bg-danger-light p-3 text-sm text-danger">
      {served.error}
    </p>
  );
}

/**
 * What was typed before the page's script ran stays: the fields are read from the page once hydrated (React
 * would otherwise put back the empty values it rendered with).
 */
function useTypedBeforeHydration(form: RefObject<HTMLFormElement | null>, keep: (typed: FormData) => void) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useEffect(() => {
    if (form.current) keep(new FormData(form.current));
  }, []);
}

function PasswordStep({
  served,
  onDone,
}: {
  served?: LoginFormState;
  onDone: (result: LoginResult) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ username: served?.username ?? "", password: "" });
  useTypedBeforeHydration(formRef, (typed) =>
    setValues({
      username: String(typed.get("username") ?? ""),
      password: String(typed.get("password") ?? ""),
    }),
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState(false);

  const onBlur = (field: Field) => setErrors((e) => ({ ...e, [field]: fieldError(field, values[field]) }));
  const onChange = (field: Field, value: string) => {
    setValues((s) => ({ ...s, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: fieldError(field, value) }));
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const next = {
      username: fieldError("username", values.username),
      password: fieldError("password", values.password),
    };
    setErrors(next);
    if (focusFirstInvalid(e.currentTarget, next)) return;
    setPending(true);
    try {
      const res = await apiRequest("POST", ADMIN_API.login, values);
      onDone((await res.json()) as LoginResult);
    } catch (error) {
      toast({ title: LOGIN_MESSAGES.failedTitle, description: failureText(error), variant: "destructive" });
    } finally {
      // Also when the answer asks for the passkey: this form stays on screen and may be sent again.
      setPending(false);
    }
  };

  return (
    <>
      <h1 className="flex items-center gap-2 font-serif text-2xl font-bold text-navy">
        <LockKeyhole className="size-6" aria-hidden="true" />
        Admin Sign In
      </h1>
      <p className="mt-2 text-sm text-ink-muted">Sign in to manage content and intake requests.</p>
      <ServedError served={served} step="password" />
      {/* method/action: before or without the script the browser posts the form to the page, which answers as a
          page (a redirect once signed in); the password never goes in a URL. */}
      <form
        ref={formRef}
        method="post"
        action={PATHS.adminLogin}
        noValidate
        onSubmit={onSubmit}
        className="mt-6 space-y-5"
        aria-label="Admin sign in"
      >
        <TextField
          id="login-username"
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={(e) => onChange("username", e.target.value)}
          onBlur={() => onBlur("username")}
          error={errors.username}
        />
        <TextField
          id="login-password"
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => onChange("password", e.target.value)}
          onBlur={() => onBlur("password")}
          error={errors.password}
        />
        <button type="submit" disabled={pending} className="btn-navy w-full disabled:opacity-70">
          {pending ? "Signing in..." : "Sign In"}
        </button>
      </form>
    </>
  );
}

/**
 * Signing in with a passkey alone: no username, the browser offers the passkeys it holds for this site and
 * asks for the fingerprint, face or PIN that unlocks one. Both factors at once, so no code step follows.
 */
function PasskeySignIn({ onDone, asked }: { onDone: (result: LoginResult) => void; asked: boolean }) {
  const [pending, setPending] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asked) buttonRef.current?.focus();
  }, [asked]);
  const onClick = async () => {
    setPending(true);
    try {
      const res = await apiRequest("POST", ADMIN_API.loginPasskeyOptions);
      const optionsJSON = (await res.json()) as PublicKeyCredentialRequestOptionsJSON;
      // The browser half of WebAuthn is loaded at this press only, never by a public page.
      const { startAuthentication } = await import("@simplewebauthn/browser");
      let response: unknown;
      try {
        response = await startAuthentication({ optionsJSON });
      } catch {
        toast({
          title: LOGIN_MESSAGES.failedTitle,
          description: "No passkey was used: the request was cancelled or timed out.",
          variant: "destructive",
        });
        return;
      }
      const signIn = await apiRequest("POST", ADMIN_API.loginPasskey, { response });
      onDone((await signIn.json()) as LoginResult);
    } catch (error) {
      const message =
        error instanceof ApiError
          ? (error.json<{ error?: string }>()?.error ?? LOGIN_MESSAGES.failed)
          : LOGIN_MESSAGES.failed;
      toast({ title: LOGIN_MESSAGES.failedTitle, description: message, variant: "destructive" });
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="mt-6 border-t border-line pt-6">
      <button
        ref={buttonRef}
        type="button"
        onClick={onClick}
        disabled={pending}
        className="btn-outline w-full disabled:opacity-70"
      >
        <Fingerprint className="size-5" aria-hidden="true" />
        {/* Not "Sign In with a Passkey": the password form's button is named "Sign In", and one name must not
            hold the other (a screen reader's list of buttons, and every test that presses Sign In). */}
        {pending ? "Waiting for the passkey..." : "Use a Passkey"}
      </button>
      {/* A live region, not a status: the hint is always there, and only its change to the asked step is news. */}
      <p
        aria-live="polite"
        className={asked ? "mt-2 text-sm font-semibold text-navy" : "mt-2 text-sm text-ink-muted"}
      >
        {asked
          ? "This account's second step is its passkey: use it to finish signing in."
          : "Sign in without a username or password: your device asks for its fingerprint, face or PIN."}
      </p>
    </div>
  );
}

function CodeStep({
  served,
  scripted,
  onDone,
  onRestart,
}: {
  served?: LoginFormState;
  scripted: boolean;
  onDone: (r: LoginResult) => void;
  onRestart: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState("");
  useTypedBeforeHydration(formRef, (typed) => setValue(String(typed.get("code") ?? "")));
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const payload = () => (useRecovery ? { recoveryCode: value } : { code: value });
  const validate = () => mfaCodeProblem(value, useRecovery);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problem = validate();
    setError(problem);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    setPending(true);
    try {
      const res = await apiRequest("POST", ADMIN_API.loginMfa, payload());
      onDone((await res.json()) as LoginResult);
    } catch (err) {
      if (
        err instanceof ApiError &&
        err.status === 401 &&
        err.json<{ error?: string }>()?.error?.includes("expired")
      ) {
        toast({
          title: LOGIN_MESSAGES.failedTitle,
          description: err.json<{ error: string }>()?.error,
          variant: "destructive",
        });
        onRestart();
        return;
      }
      const message =
        err instanceof ApiError
          ? (err.json<{ error?: string }>()?.error ?? LOGIN_MESSAGES.failed)
          : LOGIN_MESSAGES.failed;
      toast({ title: LOGIN_MESSAGES.failedTitle, description: message, variant: "destructive" });
      setPending(false);
    }
  };

  const id = useRecovery ? "login-recovery-code" : "login-code";
  return (
    <>
      <h1 className="flex items-center gap-2 font-serif text-2xl font-bold text-navy">
        <KeyRound className="size-6" aria-hidden="true" />
        Two-Step Sign In
      </h1>
      <p className="mt-2 text-sm text-ink-muted">
        {useRecovery
          ? "Enter one of the recovery codes you saved when you set up two-step sign-in. Each code works once."
          : "Enter the 6-digit code your authenticator app shows for this site."}
      </p>
      <ServedError served={served} step="code" />
      <form
        ref={formRef}
        method="post"
        action={PATHS.adminLogin}
        noValidate
        onSubmit={onSubmit}
        className="mt-6 space-y-5"
        aria-label="Two-step sign in"
      >
        <TextField
          key={id}
          ref={inputRef}
          id={id}
          label={useRecovery ? "Recovery code" : "Authentication code"}
          name={useRecovery ? "recoveryCode" : "code"}
          autoComplete="one-time-code"
          inputMode={useRecovery ? "text" : "numeric"}
          autoCapitalize="none"
          spellCheck={false}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onBlur={() => value && setError(validate())}
          error={error}
        />
        <input type="hidden" name="step" value="code" />
        <button type="submit" disabled={pending} className="btn-navy w-full disabled:opacity-70">
          {pending ? "Verifying..." : "Verify"}
        </button>
      </form>
      {scripted && (
        <button
          type="button"
          onClick={() => {
            setUseRecovery((r) => !r);
            setValue("");
            setError(undefined);
          }}
          className="mt-4 min-h-11 text-sm font-semibold text-navy underline underline-offset-4"
        >
          {useRecovery ? "Use a code from the app instead" : "Use a recovery code instead"}
        </button>
      )}
    </>
  );
}

export const loginPage = adminPage(LoginPage, {
  title: "Admin Sign In",
  description: "Sign in to the staff admin.",
});
