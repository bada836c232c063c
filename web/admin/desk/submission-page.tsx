import { ArrowLeft, Trash2 } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { SUBMISSION_STATUSES, type SubmissionStatus } from "../../../src/contracts/intake";
import { sectionAnchor } from "../../../src/contracts/next-action";
import { PATHS } from "../../../src/contracts/paths";
import { can } from "../../../src/contracts/roles";
import type { SubmissionDetail } from "../../../src/contracts/submissions";
import { ApiError, apiRequest, getJson } from "../../lib/api";
import { serverMessage } from "../../lib/api-errors";
import { formatDateTime } from "../../lib/dates";
import type { PageProps } from "../../lib/lazy-page";
import { telHref } from "../../lib/tel";
import { toast } from "../../lib/toast-store";
import { ConsultationPanel } from "../consultation";
import { DocumentRequestsPanel } from "../document-requests";
import { DocumentsPanel } from "../documents";
import { EngagementPanel, PortalAccessPanel } from "../engagements";
import { LedgerPanel } from "../ledger";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { DueBadge } from "../shared/due-badge";
import { OnlyNote } from "../shared/role-notice";
import { useAcceptedChanges } from "../shared/use-accepted-changes";
import { StatementsPanel } from "../statements";
import { SubscriptionPanel } from "../subscriptions";
import {
  deskApi,
  firstResponseByLabel,
  landingLabel,
  matterTypeLabel,
  roleLabel,
  serviceLabel,
  statusLabel,
  subjectTypeLabel,
} from "./desk-labels";
import { patchSubmission, type Saved } from "./desk-requests";
import { DetailKeys } from "./detail-keys";
import { RecordResponse } from "./record-response";
import { RelatedRequests } from "./related-requests";
import { ReplyComposer } from "./reply-composer";
import { RequestSectionsNav, RequestStanding } from "./request-sections";
import { SubmissionHistory } from "./submission-history";
import { SubmissionMail } from "./submission-mail";
import { SubmissionStatusBadge } from "./submission-status-badge";

export function SubmissionPage({ params }: PageProps) {
  return (
    <AdminFrame>
      {(status) => (
        <SubmissionView
          id={params.id ?? ""}
          username={status?.shownAs ?? status?.username}
          canDelete={can(status?.role, "deleteRequests")}
        />
      )}
    </AdminFrame>
  );
}

function SubmissionView({
  id,
  username,
  canDelete,
}: {
  id: string;
  username: string | undefined;
  canDelete: boolean;
}) {
  const [detail, setDetail] = useState<SubmissionDetail | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    let live = true;
    getJson<SubmissionDetail>([deskApi.one(id)]).then(
      (d) => live && setDetail(d),
      (error) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 404) return setMissing(true);
        toast({
          title: "Could Not Load the Submission",
          description: serverMessage(error, "Reload the page to try again."),
          variant: "destructive",
        });
      },
    );
    return () => {
      live = false;
    };
  }, [id]);

  // Any change a panel made is read again here too: the history lists the portal's steps and the desk's (issue 44).
  const changes = useAcceptedChanges();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `changes` is the signal to read the request again.
  useEffect(() => {
    if (changes === 0) return;
    let live = true;
    // Quietly: a request just deleted is left to the delete's own answer.
    getJson<SubmissionDetail>([deskApi.one(id)]).then(
      (d) => live && setDetail(d),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [changes]);

  /** The request again, after something elsewhere on the page changed what it shows (its first response, status). */
  const refresh = () => {
    getJson<SubmissionDetail>([deskApi.one(id)]).then(setDetail, (error) =>
      toast({
        title: "Could Not Refresh the Submission",
        description: serverMessage(error, "Reload the page to see the latest."),
        variant: "destructive",
      }),
    );
  };

  const back = (
    <Link
      href={PATHS.adminSubmissions}
      className="inline-flex items-center gap-1.5 font-semibold text-navy underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to the Desk
    </Link>
  );

  if (missing) {
    return (
      <>
        {back}
        <h1 className="mt-6 font-serif text-3xl font-bold text-navy">Submission Not Found</h1>
        <p className="mt-3 text-ink-muted">
          It may have been deleted. The list shows every submission still held.
        </p>
      </>
    );
  }
  if (!detail) {
    return (
      <>
        {back}
        <p className="mt-6 text-ink-muted">Loading the submission...</p>
      </>
    );
  }

  const s = detail.submission;
  return (
    <>
      {back}
      <div className="mt-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="eyebrow font-mono normal-case tracking-normal">{s.reference}</p>
          <h1 className="mt-2 break-words font-serif text-3xl font-bold text-navy sm:text-4xl">{s.name}</h1>
          <p className="mt-2 text-ink-muted">
            Received <time dateTime={s.submittedAt}>{formatDateTime(s.submittedAt)}</time>
            {s.firm ? ` from ${s.firm}` : ""}
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <DueBadge due={s.due} />
            {s.delivery && <DueBadge due={s.delivery} what="Delivery" />}
            <span className="text-ink-muted">
              {s.firstResponseAt && s.firstResponseBy === "status-change" ? (
                <>
                  Moved on <time dateTime={s.firstResponseAt}>{formatDateTime(s.firstResponseAt)}</time>,
                  before responses were recorded; it was due {s.due.dueText}.
                </>
              ) : s.firstResponseAt ? (
                <>
                  First response <time dateTime={s.firstResponseAt}>{formatDateTime(s.firstResponseAt)}</time>
                  {s.firstResponseBy ? ` (${firstResponseByLabel(s.firstResponseBy).toLowerCase()})` : ""}; it
                  was due {s.due.dueText}.
                </>
              ) : (
                <>
                  Respond by <time dateTime={s.respondBy}>{s.due.dueText}</time>.
                </>
              )}
            </span>
          </p>
        </div>
        <SubmissionStatusBadge status={s.status} />
      </div>
      <RequestStanding detail={detail} />
      <RequestSectionsNav />

      {/*
        From 1280 px two columns at the top: the request, its reply and its history on the left; on the right what
        staff set and check (status, first response), then the engagement and the client's sign-ins. The money and
        the files follow across the whole width, each its main panel beside the smaller ones at the side column's
        width, so a ledger or a list of files is not squeezed into the side column to three screens' height; the
        mail and Delete last, side by side. Below 1280 px one column in the order a phone wants: the status and a
        response first, then the request, its reply and history, the engagement and the rest, Delete last. The
        top grid's first row is only as tall as the status group (the columns' long parts span the flexible
        second row), so the side column reads without a gap.
      */}
      <div className="mt-6 grid gap-5 xl:grid-cols-[minmax(0,1fr)_24rem] xl:grid-rows-[auto_1fr] xl:gap-x-6">
        <div className="grid content-start gap-5 xl:col-start-2 xl:row-start-1">
          <StatusForm detail={detail} onSaved={setDetail} />
          <RecordResponse detail={detail} onSaved={setDetail} />
        </div>
        <div
          id={sectionAnchor("request")}
          className={`grid content-start gap-5 xl:col-start-1 xl:row-span-2 xl:row-start-1 ${JUMPED_TO}`}
        >
          <RelatedRequests related={detail.relatedRequests} />
          <Fields title="Contact" id="contact-title">
            <Field label="Name">{s.name}</Field>
            <Field label="Firm or organization">{s.firm ?? "None given"}</Field>
            <Field label="Email">
              <a href={`mailto:${s.email}`} className="break-words text-navy underline">
                {s.email}
              </a>
            </Field>
            <Field label="Phone">
              <a href={telHref(s.phone)} className="text-navy underline">
                {s.phone}
              </a>
            </Field>
          </Fields>
          <Fields title="Matter" id="matter-title">
            <Field label="Role">{roleLabel(s.role)}</Field>
            <Field label="Matter type">{matterTypeLabel(s.matterType)}</Field>
            <Field label="Subject type">{subjectTypeLabel(s.subjectType)}</Field>
            <Field label="Service requested">{serviceLabel(s.desiredService)}</Field>
            <Field label="Jurisdictions" wide>
              {s.jurisdictions}
            </Field>
            <Field label="Description" wide>
              <span className="whitespace-pre-wrap">{s.description}</span>
            </Field>
            <Field label="Engagement terms" wide>
              {s.acknowledgment ? "Acknowledged when the request was sent" : "Not acknowledged"}
            </Field>
          </Fields>
          <Fields title="How they found us" id="source-title">
            <Field label="First page of the visit" wide>
              {s.landingPage ? (
                <a href={s.landingPage} className="inline-block min-h-6 break-words text-navy underline">
                  {landingLabel(s.landingPage)}
                </a>
              ) : (
                "Not known"
              )}
            </Field>
            <Field label="Referred by" wide>
              {s.referrerHost ?? "No other site (a direct visit, or not known)"}
            </Field>
          </Fields>
          <DetailKeys />
          <ReplyComposer detail={detail} author={username} onSaved={setDetail} />
          <div id={sectionAnchor("history")} className={JUMPED_TO}>
            <SubmissionHistory detail={detail} onSaved={setDetail} />
          </div>
        </div>
        <div className="grid content-start gap-5 xl:col-start-2 xl:row-start-2">
          <div id={sectionAnchor("engagement")} className={JUMPED_TO}>
            <EngagementPanel
              submissionId={s.id}
              requestStatus={s.status}
              clientName={s.name}
              onChanged={refresh}
            />
          </div>
          <PortalAccessPanel submissionId={s.id} />
        </div>
      </div>
      <Group label="Money" id={sectionAnchor("money")}>
        <LedgerPanel submissionId={s.id} changed={detail} />
        <div className="grid content-start gap-5">
          <SubscriptionPanel submissionId={s.id} />
          <StatementsPanel submissionId={s.id} />
        </div>
      </Group>
      <Group label="Files and meetings" id={sectionAnchor("documents")}>
        <DocumentsPanel submissionId={s.id} />
        <div className="grid content-start gap-5">
          <DocumentRequestsPanel submissionId={s.id} />
          <ConsultationPanel submissionId={s.id} />
        </div>
      </Group>
      <div className="mt-5 grid content-start gap-5 xl:mt-8 xl:grid-cols-[minmax(0,1fr)_24rem] xl:gap-x-6">
        <MailPanel detail={detail} onSaved={setDetail} />
        <DeleteSubmission reference={s.reference} id={s.id} allowed={canDelete} />
      </div>
    </>
  );
}

/**
 * A section the bar of sections leads to stops just below that bar: the page's scroll padding is the bar's own
 * height (request-sections.tsx, one or two rows), and this is the gap under it.
 */
const JUMPED_TO = "scroll-mt-2";

/**
 * Panels that belong together, under a small label for the eye: from 1280 px the main one beside the others at
 * the side column's width. The label is not a heading: each panel keeps its own (h2), so the headings stay one
 * level and in order for a screen reader.
 */
function Group({ label, id, children }: { label: string; id?: string; children: ReactNode }) {
  return (
    <div id={id} className={`mt-5 grid content-start gap-3 xl:mt-8 ${JUMPED_TO}`}>
      <p className="eyebrow text-xs">{label}</p>
      <div className="grid content-start items-start gap-5 xl:grid-cols-[minmax(0,1fr)_24rem] xl:gap-x-6">
        {children}
      </div>
    </div>
  );
}

function Fields({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-line bg-white p-6 shadow-sm">
      <h2 id={id} className="font-serif text-xl font-bold text-navy">
        {title}
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-2">{children}</dl>
    </section>
  );
}

function Field({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-sm font-semibold text-ink-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-ink">{children}</dd>
    </div>
  );
}

function StatusForm({ detail, onSaved }: { detail: SubmissionDetail } & Saved) {
  const current = detail.submission.status;
  const [status, setStatus] = useState<SubmissionStatus>(current);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  // A choice is the change: no separate Save. A refused change puts the select back where the request stands.
  const choose = async (next: SubmissionStatus) => {
    setStatus(next);
    setPending(true);
    const r = await patchSubmission(
      detail.submission.id,
      { status: next },
      { title: "Status Updated", description: `The submission is now "${statusLabel(next)}".` },
    );
    setPending(false);
    setError(r.errors?.status ?? r.errors?.form);
    if (r.detail) onSaved(r.detail);
    else setStatus(current);
  };

  return (
    <section aria-labelledby="status-title" className="rounded-xl border border-line bg-white p-6 shadow-sm">
      <h2 id="status-title" className="scroll-mt-2 font-serif text-xl font-bold text-navy">
        Status
      </h2>
      <form onSubmit={(e) => e.preventDefault()} className="mt-4">
        <label htmlFor="submission-status" className="block text-sm font-semibold text-ink">
          Where this request stands
        </label>
        <select
          id="submission-status"
          name="status"
          value={status}
          onChange={(e) => choose(e.target.value as SubmissionStatus)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "submission-status-error" : undefined}
          className="mt-1.5 block min-h-11 w-full rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink aria-[invalid=true]:border-danger focus:border-navy"
        >
          {SUBMISSION_STATUSES.map((st) => (
            <option key={st} value={st}>
              {statusLabel(st)}
            </option>
          ))}
        </select>
        {error && (
          <p id="submission-status-error" className="mt-1.5 text-sm font-medium text-danger">
            {error}
          </p>
        )}
        <p aria-live="polite" className="mt-1.5 text-sm text-ink-muted">
          {pending ? "Saving..." : "Changes as soon as it is chosen."}
        </p>
      </form>
    </section>
  );
}

function MailPanel({ detail, onSaved }: { detail: SubmissionDetail } & Saved) {
  const [pending, setPending] = useState(false);
  const retry = useCallback(async () => {
    setPending(true);
    try {
      const res = await apiRequest("POST", deskApi.retryMail(detail.submission.id));
      onSaved((await res.json()) as SubmissionDetail);
      toast({ title: "Email Queued", description: "The waiting messages will be sent again now." });
    } catch (error) {
      toast({
        title: "Retry Failed",
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }, [detail.submission.id, onSaved]);
  return (
    <SubmissionMail
      mail={detail.mail}
      configured={detail.mailConfigured}
      emailError={detail.submission.emailError}
      unsentReplies={detail.replies.filter((r) => r.delivery && r.delivery.state !== "sent").length}
      pending={pending}
      onRetry={retry}
    />
  );
}

function DeleteSubmission({ id, reference, allowed }: { id: number; reference: string; allowed: boolean }) {
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    try {
      await apiRequest("DELETE", deskApi.one(id));
      toast({
        title: "Submission Deleted",
        description: `${reference}, its notes and its emails have been deleted.`,
      });
      setOpen(false);
      navigate(PATHS.adminSubmissions);
    } catch (error) {
      toast({
        title: "Not Deleted",
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <section
      aria-labelledby="delete-title"
      className="rounded-xl border border-danger/40 bg-white p-6 shadow-sm"
    >
      <h2 id="delete-title" className="font-serif text-xl font-bold text-navy">
        Delete
      </h2>
      <p className="mt-2 text-sm text-ink-muted">
        For data-rights requests: removes the request, its notes and any email still waiting. The audit log
        keeps only the reference.
      </p>
      {allowed ? (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="btn-base mt-4 w-full border-2 border-danger text-danger hover:bg-danger-light"
        >
          <Trash2 className="size-4" aria-hidden="true" />
          Delete Submission
        </button>
      ) : (
        <OnlyNote capability="deleteRequests" className="mt-4" />
      )}
      <ConfirmDialog
        open={open}
        title="Delete this submission?"
        text={
          <p>
            <span className="font-mono font-semibold">{reference}</span>, its internal notes and any email
            still waiting will be deleted. This cannot be undone.
          </p>
        }
        confirmLabel="Delete Permanently"
        pending={pending}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      />
    </section>
  );
}

export const submissionPage = adminPage(SubmissionPage, ({ id = "" }) =>
  // Only a numeric id can name a submission; anything else is the site's 404.
  /^[1-9]\d*$/.test(id)
    ? {
        title: "Submission",
        description: "One intake request: its details, replies, history, status, notes and email.",
      }
    : null,
);
