import { ArrowLeft, Pencil, Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { useSteadyDuringPress } from "../../lib/after-press";
import { formatLongDate } from "../../lib/dates";

/**
 * The Published box of an admin editor. Once an entry has been published, the hint says when; otherwise it
 * says what ticking it does.
 */
export function PublishedToggle(props: {
  idPrefix: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** When it was first published, if it has been. */
  publishedAt?: string | null;
  unpublishedHint: string;
}) {
  const id = `${props.idPrefix}-published`;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name="published"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
        className="mt-1 size-5 accent-navy"
        aria-describedby={`${id}-hint`}
      />
      <div>
        <label htmlFor={id} className="font-semibold text-ink">
          Published
        </label>
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {props.publishedAt
            ? `First published ${formatLongDate(props.publishedAt)}; unpublishing hides it from the site.`
            : props.unpublishedHint}
        </p>
      </div>
    </div>
  );
}

/**
 * Save, and Delete for an entry that exists (the caller confirms before deleting). Save's label changes its
 * width, which moves Delete beside it: while a press is under way it keeps the label it had (issue 17).
 */
export function EditorActions(props: { pending: boolean; saveLabel: string; onDelete?: () => void }) {
  const saving = useSteadyDuringPress(props.pending);
  return (
    <div className="flex flex-wrap gap-3 border-t border-line pt-5">
      <button type="submit" disabled={props.pending} className="btn-navy disabled:opacity-70">
        {saving ? "Saving..." : props.saveLabel}
      </button>
      {props.onDelete && (
        <button
          type="button"
          onClick={props.onDelete}
          className="btn-base border-2 border-danger text-danger hover:bg-danger hover:text-white"
        >
          <Trash2 className="size-5" aria-hidden="true" />
          Delete
        </button>
      )}
    </div>
  );
}

/** The actions on a row of an admin list: Edit, any extra links in between, then Delete (confirmed by the caller). */
export function RowActions(props: {
  title: string;
  editHref: string;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Link href={props.editHref} className="btn-outline min-h-10 px-3 py-1.5 text-sm">
        <Pencil className="size-4" aria-hidden="true" />
        Edit<span className="sr-only">: {props.title}</span>
      </Link>
      {props.children}
      <button
        type="button"
        onClick={props.onDelete}
        className="btn-base min-h-10 border-2 border-danger px-3 py-1.5 text-sm text-danger hover:bg-danger hover:text-white"
      >
        <Trash2 className="size-4" aria-hidden="true" />
        Delete<span className="sr-only">: {props.title}</span>
      </button>
    </div>
  );
}

type ListLink = { href: string; label: string };

/** An editor opened for an entry that no longer exists: says so, and leads back to the list. */
export function EntryMissing({ title, list }: { title: string; list: ListLink }) {
  return (
    <>
      <h1 className="font-serif text-3xl font-bold text-navy">{title}</h1>
      <p className="mt-3 text-ink-muted">It may have been deleted.</p>
      <Link href={list.href} className="btn-navy mt-6">
        <ArrowLeft className="size-5" aria-hidden="true" />
        {list.label}
      </Link>
    </>
  );
}

/** The top of an editor: the way back to its list, and the heading. */
export function EditorHeading({ title, list }: { title: string; list: ListLink }) {
  return (
    <>
      <Link
        href={list.href}
        className="inline-flex items-center gap-2 text-sm font-semibold text-navy underline underline-offset-4"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {list.label}
      </Link>
      <h1 className="mt-4 font-serif text-3xl font-bold text-navy sm:text-4xl">{title}</h1>
    </>
  );
}
