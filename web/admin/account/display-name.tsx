import { type FormEvent, useEffect, useState } from "react";
import * as v from "valibot";
import { DISPLAY_NAME_MAX_LENGTH, ProfileSchema, type StaffProfile } from "../../../src/contracts/staff";
import { apiRequest, getJson } from "../../lib/api";
import { serverErrors } from "../../lib/api-errors";
import { toast } from "../../lib/toast-store";
import { ADMIN_STATUS_CHANGED } from "../shared/admin-session";
import { failedToast } from "../shared/failed-toast";
import { TextField } from "../shared/text-field";
import { fieldMessages, useFieldForm } from "../shared/use-field-form";

export const PROFILE_API = "/api/admin/staff/me";

const FIELDS = ["displayName"] as const;

/**
 * The admin's display name: how clients see who answered them (a reply's signature and sender) and how the desk
 * and the audit log name what they did. Until one is set they are shown by their e-mail address.
 */
export function DisplayNameSection() {
  const [profile, setProfile] = useState<StaffProfile | null>(null);
  const form = useFieldForm(FIELDS, { displayName: "" }, (vals) =>
    fieldMessages(v.safeParse(ProfileSchema, vals)),
  );
  const { values, errors, refs } = form;
  const [pending, setPending] = useState(false);
  const { setValues } = form;

  useEffect(() => {
    let live = true;
    getJson<StaffProfile>([PROFILE_API]).then(
      (p) => {
        if (!live) return;
        setProfile(p);
        setValues({ displayName: p.displayName ?? "" });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [setValues]);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!form.checkAll()) return;
    setPending(true);
    try {
      const saved = (await (await apiRequest("PUT", PROFILE_API, values)).json()) as StaffProfile;
      setProfile(saved);
      setValues({ displayName: saved.displayName ?? "" });
      window.dispatchEvent(new Event(ADMIN_STATUS_CHANGED));
      toast({ title: "Name Saved", description: `Replies you send are now signed ${saved.shownAs}.` });
    } catch (error) {
      const fields = serverErrors(error);
      if (fields) form.showServerErrors(fields);
      failedToast("Name Not Saved", fields, error);
    } finally {
      setPending(false);
    }
  };

  return (
    <section
      aria-labelledby="display-name-title"
      className="rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <h2 id="display-name-title" className="font-serif text-2xl font-bold text-navy">
        Your Name
      </h2>
      <p className="mt-2 text-sm text-ink-muted">
        {profile?.displayName
          ? "Clients see it on the replies you send; the desk's history and the audit log name you by it."
          : `You have no name yet: clients and colleagues see ${profile?.shownAs ?? "your email address"} instead.`}
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-label="Your name">
        <TextField
          ref={refs.displayName}
          id="account-displayName"
          label="Display name"
          name="displayName"
          autoComplete="name"
          maxLength={DISPLAY_NAME_MAX_LENGTH}
          value={values.displayName}
          onChange={(e) => form.change("displayName", e.target.value)}
          onBlur={() => form.blur("displayName")}
          error={errors.displayName}
        />
        <button type="submit" disabled={pending} className="btn-navy disabled:opacity-70">
          {pending ? "Saving..." : "Save Name"}
        </button>
      </form>
    </section>
  );
}
