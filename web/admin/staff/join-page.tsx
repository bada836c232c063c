import { UserPlus } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import * as v from "valibot";
import { Link, useLocation } from "wouter";
import { type LoginResult, PASSWORD_MIN_LENGTH } from "../../../src/contracts/admin-auth";
import { PATHS } from "../../../src/contracts/paths";
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from "../../../src/contracts/roles";
import { InvitationAcceptSchema, type InvitationPreview, STAFF_MESSAGES } from "../../../src/contracts/staff";
import { apiRequest } from "../../lib/api";
import { serverErrors, serverMessage } from "../../lib/api-errors";
import { formatDateTime } from "../../lib/dates";
import { toast } from "../../lib/toast-store";
import { adminPage } from "../shared/admin-page";
import { SignedOutShell } from "../shared/signed-out-shell";
import { TextField } from "../shared/text-field";
import { fieldMessages, useFieldForm } from "../shared/use-field-form";
import { STAFF_API } from "./staff-api";

type State =
  | { step: "loading" }
  | { step: "refused"; message: string }
  | { step: "form"; token: string; preview: InvitationPreview };

/**
 * Where an invitation link leads: the token travels in the fragment (never sent to the server by the browser,
 * never in a Referer), the screen shows who invited whom, and the invitee chooses a username and password.
 */
export function JoinPage() {
  const [state, setState] = useState<State>({ step: "loading" });

  useEffect(() => {
    const token = window.location.hash.replace(/^#/, "");
    if (!token) {
      setState({ step: "refused", message: STAFF_MESSAGES.tokenMissing });
      return;
    }
    apiRequest("POST", STAFF_API.lookup, { token }).then(
      async (res) => setState({ step: "form", token, preview: (await res.json()) as InvitationPreview }),
      (error) =>
        setState({ step: "refused", message: serverMessage(error, STAFF_MESSAGES.invitationUnknown) }),
    );
  }, []);

  return (
    <SignedOutShell>
      <h1 className="flex items-center gap-2 font-serif text-2xl font-bold text-navy">
        <UserPlus className="size-6" aria-hidden="true" />
        Join the Admin
      </h1>
      {state.step === "loading" ? (
        <p className="mt-4 text-ink-muted" role="status">
          Checking your invitation...
        </p>
      ) : state.step === "refused" ? (
        <div className="mt-4">
          <p role="alert" className="rounded-md border border-danger bg-danger-light p-4 text-ink">
            {state.message}
          </p>
          <Link href={PATHS.adminLogin} className="btn-outline mt-6">
            Go to Sign In
          </Link>
        </div>
      ) : (
        <JoinForm token={state.token} preview={state.preview} />
      )}
    </SignedOutShell>
  );
}

const FIELDS = ["username", "password", "confirmPassword"] as const;
type JoinField = (typeof FIELDS)[number];

function JoinForm({ token, preview }: { token: string; preview: InvitationPreview }) {
  const [, navigate] = useLocation();
  const form = useFieldForm(FIELDS, { username: "", password: "", confirmPassword: "" }, (vals) =>
    fieldMessages(v.safeParse(InvitationAcceptSchema, { token, ...vals })),
  );
  const { values, errors, refs } = form;
  const [pending, setPending] = useState(false);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!form.checkAll()) return;
    setPending(true);
    try {
      const res = await apiRequest("POST", STAFF_API.accept, { token, ...values });
      const result = (await res.json()) as LoginResult;
      toast({
        title: "Welcome",
        description: result.mfaEnrolmentRequired
          ? `Signed in as ${result.username}. Set up two-step sign-in to continue.`
          : `Signed in as ${result.username}.`,
      });
      navigate(PATHS.adminAccount);
    } catch (error) {
      const fields = serverErrors(error);
      if (fields) {
        form.showServerErrors(fields);
      } else {
        toast({
          title: "Could Not Join",
          description: serverMessage(error, "Please try again."),
          variant: "destructive",
        });
      }
      setPending(false);
    }
  };

  const field = (name: JoinField, label: string, autoComplete: string, type: string, hint?: string) => (
    <TextField
      ref={refs[name]}
      id={`join-${name}`}
      label={label}
      name={name}
      type={type}
      autoComplete={autoComplete}
      autoCapitalize={name === "username" ? "none" : undefined}
      spellCheck={name === "username" ? false : undefined}
      hint={hint}
      value={values[name]}
      onChange={(e) => form.change(name, e.target.value)}
      // An empty field a person only tabbed through keeps quiet until the form is sent.
      onBlur={() => values[name] && form.blur(name)}
      error={errors[name]}
    />
  );

  return (
    <>
      <p className="mt-2 text-sm text-ink-muted">
        <strong className="font-semibold text-ink">{preview.invitedBy}</strong> invited{" "}
        <strong className="break-words font-semibold text-ink">{preview.email}</strong>
        {preview.name && (
          <>
            {" "}
            as <strong className="font-semibold text-ink">{preview.name}</strong> (you can change your name on
            your Account screen)
          </>
        )}
        . This link works once, until {formatDateTime(preview.expiresAt)}.
      </p>
      <p className="mt-2 text-sm text-ink-muted">
        Your role: <strong className="font-semibold text-ink">{ROLE_LABELS[preview.role]}</strong>.{" "}
        {ROLE_DESCRIPTIONS[preview.role]}
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-label="Join the admin">
        {field(
          "username",
          "Choose a username",
          "username",
          "text",
          "Letters, digits, dots, hyphens, underscores or @.",
        )}
        {field(
          "password",
          "Choose a password",
          "new-password",
          "password",
          `At least ${PASSWORD_MIN_LENGTH} characters.`,
        )}
        {field("confirmPassword", "Repeat the password", "new-password", "password")}
        <button type="submit" disabled={pending} className="btn-navy w-full disabled:opacity-70">
          {pending ? "Creating your account..." : "Create Account"}
        </button>
      </form>
      {preview.mfaRequired && (
        <p className="mt-4 text-sm text-ink-muted">
          Next you set up two-step sign-in with an authenticator app on your phone.
        </p>
      )}
    </>
  );
}

export const joinPage = adminPage(JoinPage, {
  title: "Join the Admin",
  description: "Accept an invitation to the staff admin.",
});
