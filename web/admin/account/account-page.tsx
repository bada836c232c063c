import { type FormEvent, useState } from "react";
import * as v from "valibot";
import { PASSWORD_MIN_LENGTH, PasswordChangeSchema } from "../../../src/contracts/admin-auth";
import { apiRequest } from "../../lib/api";
import { serverErrors } from "../../lib/api-errors";
import { toast } from "../../lib/toast-store";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { ADMIN_API } from "../shared/admin-session";
import { failedToast } from "../shared/failed-toast";
import { TextField } from "../shared/text-field";
import { fieldMessages, useFieldForm } from "../shared/use-field-form";
import { DisplayNameSection } from "./display-name";
import { MfaSection } from "./mfa-settings";
import { PasskeysSection } from "./passkeys-section";

export function AccountPage() {
  return (
    <AdminFrame>
      {(status) => (
        <>
          <p className="eyebrow">Account</p>
          <h1 className="mt-2 font-serif text-3xl font-bold text-navy sm:text-4xl">Your Account</h1>
          {status?.mfaEnrolmentRequired && (
            <p
              role="status"
              className="mt-4 max-w-2xl rounded-md border border-gold bg-gold-light p-4 text-ink"
            >
              This server requires two-step sign-in for every admin. Set it up below to continue to the
              dashboard.
            </p>
          )}
          {/*
            While enrolment is owed, two-step sign-in comes first: on a phone it is the first thing seen. The
            name waits until it is done (nothing but enrolment and the password is open before).
          */}
          <div className="mt-8 grid gap-8 lg:grid-cols-2">
            {status?.mfaEnrolmentRequired ? (
              <>
                <MfaSection enrolling />
                <PasswordSection username={status.username ?? ""} />
              </>
            ) : (
              <>
                {/* Asked for once the session is known to be past enrolment. */}
                {status?.authenticated && <DisplayNameSection />}
                <PasswordSection username={status?.username ?? ""} />
                <MfaSection enrolling={false} />
                {status?.authenticated && <PasskeysSection />}
              </>
            )}
          </div>
        </>
      )}
    </AdminFrame>
  );
}

const PW_FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;
type PwField = (typeof PW_FIELDS)[number];

function PasswordSection({ username }: { username: string }) {
  const empty = { currentPassword: "", newPassword: "", confirmPassword: "" };
  const form = useFieldForm(PW_FIELDS, empty, (vals) =>
    fieldMessages(v.safeParse(PasswordChangeSchema, vals)),
  );
  const { values, errors, refs } = form;
  const [pending, setPending] = useState(false);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!form.checkAll()) return;
    setPending(true);
    try {
      await apiRequest("POST", ADMIN_API.password, values);
      form.setValues(empty);
      toast({
        title: "Password Changed",
        description: "Your new password is in use and your other sessions have been signed out.",
      });
    } catch (error) {
      const fields = serverErrors(error);
      if (fields) form.showServerErrors(fields);
      failedToast("Password Not Changed", fields, error);
    } finally {
      setPending(false);
    }
  };

  const field = (name: PwField, label: string, autoComplete: string, hint?: string) => (
    <TextField
      ref={refs[name]}
      id={`account-${name}`}
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      hint={hint}
      value={values[name]}
      onChange={(e) => form.change(name, e.target.value)}
      onBlur={() => form.blur(name)}
      error={errors[name]}
    />
  );

  return (
    <section
      aria-labelledby="password-title"
      className="rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <h2 id="password-title" className="font-serif text-2xl font-bold text-navy">
        Change Password
      </h2>
      <p className="mt-2 text-sm text-ink-muted">
        Use at least {PASSWORD_MIN_LENGTH} characters; a passphrase of several words is easiest to remember.
        Changing it signs out your other sessions.
      </p>
      <form
        method="post"
        action={ADMIN_API.password}
        noValidate
        onSubmit={onSubmit}
        className="mt-6 space-y-5"
        aria-label="Change password"
      >
        {/* Tells password managers which account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        {field("currentPassword", "Current password", "current-password")}
        {field("newPassword", "New password", "new-password", `At least ${PASSWORD_MIN_LENGTH} characters.`)}
        {field("confirmPassword", "Repeat new password", "new-password")}
        <button type="submit" disabled={pending} className="btn-navy disabled:opacity-70">
          {pending ? "Changing..." : "Change Password"}
        </button>
      </form>
    </section>
  );
}

export const accountPage = adminPage(AccountPage, {
  title: "Your Account",
  description: "Set your name, change your password, set up two-step sign-in and add passkeys.",
});
