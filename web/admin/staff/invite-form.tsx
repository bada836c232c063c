import { MailPlus } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import * as v from "valibot";
import { INVITATION_TTL_HOURS, StaffEmailSchema } from "../../../src/contracts/staff";
import { apiRequest } from "../../lib/api";
import { serverErrors, serverMessage } from "../../lib/api-errors";
import { toast } from "../../lib/toast-store";
import { TextField } from "../shared/text-field";
import { STAFF_API } from "./staff-api";

/** Invites a colleague by e-mail; the server sends the one-time link through the outbox. */
export function InviteForm({ onInvited }: { onInvited: () => Promise<unknown> }) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  const check = (value: string) => {
    const r = v.safeParse(StaffEmailSchema, value);
    return r.success ? undefined : r.issues[0].message;
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problem = check(email);
    setError(problem);
    if (problem) {
      ref.current?.focus();
      return;
    }
    setPending(true);
    try {
      await (await apiRequest("POST", STAFF_API.invitations, { email })).json();
      toast({ title: "Invitation Sent", description: `A one-time link is on its way to ${email.trim()}.` });
      setEmail("");
      await onInvited();
    } catch (err) {
      setError(serverErrors(err)?.email ?? serverMessage(err, "Please try again."));
      ref.current?.focus();
    } finally {
      setPending(false);
    }
  };

  return (
    <section
      aria-labelledby="invite-title"
      className="self-start rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <h2 id="invite-title" className="flex items-center gap-2 font-serif text-2xl font-bold text-navy">
        <MailPlus className="size-6" aria-hidden="true" />
        Invite a Colleague
      </h2>
      <p className="mt-2 text-sm text-ink-muted">
        They receive a one-time link by e-mail that works for {INVITATION_TTL_HOURS} hours. They choose their
        username and password, then set up two-step sign-in.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-label="Invite a colleague">
        <TextField
          ref={ref}
          id="invite-email"
          label="Colleague's e-mail address"
          name="email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            // A message goes as soon as the address is right, not on blur: the button must not move under
            // the pointer between press and release.
            if (error) setError(check(e.target.value));
          }}
          onBlur={() => email && setError(check(email))}
          error={error}
        />
        <button type="submit" disabled={pending} className="btn-navy disabled:opacity-70">
          {pending ? "Sending..." : "Send Invitation"}
        </button>
      </form>
    </section>
  );
}
