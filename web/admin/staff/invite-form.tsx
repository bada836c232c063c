import { MailPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import * as v from "valibot";
import { DEFAULT_INVITED_ROLE, type Role } from "../../../src/contracts/roles";
import {
  DISPLAY_NAME_MAX_LENGTH,
  INVITATION_TTL_HOURS,
  InvitationFormSchema,
  type StaffInvitation,
} from "../../../src/contracts/staff";
import { apiRequest } from "../../lib/api";
import { serverErrors, serverMessage } from "../../lib/api-errors";
import { toast } from "../../lib/toast-store";
import { TextField } from "../shared/text-field";
import { fieldMessages, useFieldForm } from "../shared/use-field-form";
import { RoleRadios } from "./role-choice";
import { STAFF_API } from "./staff-api";

const FIELDS = ["name", "email"] as const;

/**
 * Invites a colleague: the server e-mails the one-time link through the outbox or, when mail is not configured,
 * the invitation's card offers the link to copy and pass on.
 */
export function InviteForm({
  onInvited,
  mailConfigured,
}: {
  onInvited: () => Promise<unknown>;
  /** Unknown (undefined) until the Staff screen has loaded. */
  mailConfigured?: boolean;
}) {
  const form = useFieldForm(FIELDS, { name: "", email: "" }, (vals) =>
    fieldMessages(v.safeParse(InvitationFormSchema, vals)),
  );
  const { values, errors, refs } = form;
  const [pending, setPending] = useState(false);
  const [role, setRole] = useState<Role>(DEFAULT_INVITED_ROLE);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!form.checkAll()) return;
    setPending(true);
    try {
      const invitation = (await (
        await apiRequest("POST", STAFF_API.invitations, { ...values, role })
      ).json()) as StaffInvitation;
      toast(invitedToast(invitation));
      form.setValues({ name: "", email: "" });
      setRole(DEFAULT_INVITED_ROLE);
      await onInvited();
    } catch (err) {
      // A refusal that names no field (a lost session, a server error) is shown under the address.
      const fields = serverErrors(err);
      form.showServerErrors(
        fields?.name || fields?.email ? fields : { email: serverMessage(err, "Please try again.") },
      );
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
        {mailConfigured === false
          ? `Mail is not configured on this server (SMTP_URL), so no email is sent: the invitation offers its one-time link to copy and give them yourself. It works for ${INVITATION_TTL_HOURS} hours.`
          : `They receive a one-time link by email that works for ${INVITATION_TTL_HOURS} hours.`}{" "}
        They choose their username and password, then set up two-step sign-in.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-label="Invite a colleague">
        <TextField
          ref={refs.name}
          id="invite-name"
          label="Colleague's name"
          name="name"
          autoComplete="off"
          maxLength={DISPLAY_NAME_MAX_LENGTH}
          hint="As clients and the team see it: replies are signed with it."
          value={values.name}
          onChange={(e) => form.change("name", e.target.value)}
          onBlur={() => values.name && form.blur("name")}
          error={errors.name}
        />
        <TextField
          ref={refs.email}
          id="invite-email"
          label="Colleague's email address"
          name="email"
          type="email"
          autoComplete="off"
          value={values.email}
          // A message goes as soon as the address is right, not on blur: the button must not move under
          // the pointer between press and release.
          onChange={(e) => form.change("email", e.target.value)}
          // An empty field a person only tabbed through keeps quiet until the form is sent.
          onBlur={() => values.email && form.blur("email")}
          error={errors.email}
        />
        <RoleRadios value={role} onChange={setRole} />
        <button type="submit" disabled={pending} className="btn-navy disabled:opacity-70">
          {mailConfigured === false
            ? pending
              ? "Creating..."
              : "Create Invitation"
            : pending
              ? "Sending..."
              : "Send Invitation"}
        </button>
      </form>
    </section>
  );
}

/** What happened to the invitation's e-mail, in the toast: queued to go out now, or not sent at all. */
function invitedToast(i: StaffInvitation) {
  if (i.mail === "unconfigured") {
    return {
      title: "Invitation Created",
      description: `Mail is not configured on this server, so no email was sent. Copy the one-time link under Open Invitations and give it to ${i.email} yourself.`,
    };
  }
  return {
    title: "Invitation Sent",
    description: `The one-time link goes out to ${i.email} now; Open Invitations shows when it is delivered.`,
  };
}
