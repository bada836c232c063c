import { Mail, Send } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import {
  DESK_MESSAGES,
  hasPlaceholder,
  REPLY_BODY_MAX,
  REPLY_SUBJECT_MAX,
  type SubmissionDetail,
} from "../../../src/contracts/submissions";
import type { FieldMessages } from "../../lib/api-errors";
import { useBrand } from "../../lib/brand-context";
import { focusFirstInvalid } from "../../lib/focus-first-invalid";
import { DraftOffer } from "../shared/draft-offer";
import { CONTROL_CLASS, Field } from "../shared/field";
import { useUnsavedDraft } from "../shared/use-unsaved-draft";
import { type Saved, sendReply } from "./desk-requests";
import { replyDraft } from "./reply-template";

type Reply = { subject: string; body: string };
const NO_REPLY: Reply = { subject: "", body: "" };

/**
 * Compose an e-mail to the requester from a draft that quotes the request, edit it, send it. It goes out
 * through the outbox, threaded under the confirmation; the history below shows where it stands.
 */
export function ReplyComposer({
  detail,
  author,
  onSaved,
}: { detail: SubmissionDetail; author: string | undefined } & Saved) {
  const brand = useBrand();
  const s = detail.submission;
  const [draft, setDraft] = useState<Reply | null>(null);
  // The template as it was opened: a reply differing from it holds words staff wrote.
  const [opened, setOpened] = useState<Reply | null>(null);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [pending, setPending] = useState(false);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);

  const template = () =>
    replyDraft({ reference: s.reference, name: s.name, desiredService: s.desiredService, author, brand });
  const kept = useUnsavedDraft({
    key: `reply:${s.id}`,
    values: draft ?? NO_REPLY,
    saved: opened ?? NO_REPLY,
    onRestore: (reply) => {
      setOpened(template());
      setDraft(reply);
      setErrors({});
    },
  });

  const open = () => {
    const fresh = template();
    setOpened(fresh);
    setDraft(fresh);
    setErrors({});
    // Focus the message once it is on the screen: that is what staff edit first.
    requestAnimationFrame(() => bodyRef.current?.focus());
  };

  const close = () => {
    kept.clear();
    setOpened(null);
    setDraft(null);
    requestAnimationFrame(() => openRef.current?.focus());
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    if (!draft) return;
    const problem = !draft.body.trim()
      ? DESK_MESSAGES.replyEmpty
      : hasPlaceholder(draft.body)
        ? DESK_MESSAGES.replyPlaceholder
        : undefined;
    if (problem) {
      setErrors({ body: problem });
      bodyRef.current?.focus();
      return;
    }
    setPending(true);
    const r = await sendReply(s.id, draft, {
      title: detail.mailConfigured ? "Reply Sent" : "Reply Saved",
      description: detail.mailConfigured
        ? `Your reply to ${s.email} is on its way; the history shows when it is delivered.`
        : "Mail is not configured on this server: the reply goes out once it is.",
    });
    setPending(false);
    if (r.detail) {
      onSaved(r.detail);
      close();
      return;
    }
    setErrors(r.errors ?? {});
    if (!focusFirstInvalid(form, r.errors ?? {})) bodyRef.current?.focus();
  };

  return (
    <section aria-labelledby="reply-title" className="rounded-xl border border-line bg-white p-6 shadow-sm">
      <h2 id="reply-title" className="font-serif text-xl font-bold text-navy">
        Reply to the requester
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Emailed to <span className="break-words font-medium text-ink">{s.email}</span> in the same thread as
        their confirmation; their answer comes back to the intake address.
      </p>
      {!detail.mailConfigured && (
        <p className="mt-3 rounded-md border border-gold bg-gold-light p-3 text-sm text-ink">
          Mail is not configured on this server: a reply is kept and sent once it is.
        </p>
      )}
      <DraftOffer offer={kept.offer} onRestore={kept.restore} onDiscard={kept.discard} />
      {draft === null ? (
        <button ref={openRef} type="button" onClick={open} className="btn-navy mt-4">
          <Mail className="size-4" aria-hidden="true" />
          Write a Reply
        </button>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4">
          <Field id="reply-subject" label="Subject" error={errors.subject}>
            {(control) => (
              <input
                {...control}
                name="subject"
                type="text"
                maxLength={REPLY_SUBJECT_MAX}
                value={draft.subject}
                onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
                className={`${CONTROL_CLASS} min-h-11`}
              />
            )}
          </Field>
          <Field
            id="reply-body"
            label="Message"
            hint="Replace the bracketed parts with the scope, timeline and quote. Never ask for account or Social Security numbers by email."
            error={errors.body}
          >
            {(control) => (
              <textarea
                {...control}
                ref={bodyRef}
                name="body"
                rows={16}
                maxLength={REPLY_BODY_MAX}
                value={draft.body}
                onChange={(e) => setDraft({ ...draft, body: e.target.value })}
                className={`${CONTROL_CLASS} font-mono text-sm leading-relaxed`}
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-3">
            <button type="submit" disabled={pending} className="btn-navy disabled:opacity-70">
              <Send className="size-4" aria-hidden="true" />
              {pending ? "Sending..." : "Send Reply"}
            </button>
            <button type="button" onClick={close} disabled={pending} className="btn-outline">
              Discard Draft
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
