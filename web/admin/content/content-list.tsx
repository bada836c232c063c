import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { StatusBadge } from "../shared/status-badge";

/** The top of an admin content list: what it holds, what publishing does, and the way to add one. */
export function ListHeader(props: { title: string; intro: string; newHref: string; newLabel: string }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <p className="eyebrow">Content</p>
        <h1 className="mt-2 font-serif text-3xl font-bold text-navy sm:text-4xl">{props.title}</h1>
        <p className="mt-3 max-w-2xl text-ink-muted">{props.intro}</p>
      </div>
      <Link href={props.newHref} className="btn-navy">
        <Plus className="size-5" aria-hidden="true" />
        {props.newLabel}
      </Link>
    </div>
  );
}

/**
 * The entries of an admin content list as cards, with its loading and empty states; changes are announced
 * (the region is live), so a delete or a filter is heard as well as seen.
 */
export function EntryList<T extends { id: number }>(props: {
  label: string;
  items: T[] | null;
  loadingText: string;
  emptyText: string;
  className?: string;
  children: (item: T) => ReactNode;
}) {
  const { items } = props;
  return (
    <div aria-live="polite" className={props.className ?? "mt-8"}>
      {items === null ? (
        <p className="text-ink-muted">{props.loadingText}</p>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-line bg-white p-6 text-ink-muted">{props.emptyText}</p>
      ) : (
        <ul className="space-y-3" aria-label={props.label}>
          {items.map((item) => (
            <li
              key={item.id}
              className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 shadow-sm md:flex-row md:items-center"
            >
              {props.children(item)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The text of one entry's card: whether it is live, its title, and lines about it. */
export function EntrySummary({
  published,
  title,
  children,
}: {
  published: boolean;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0 flex-1">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge published={published} />
        <h2 className="font-semibold text-navy">{title}</h2>
      </div>
      {children}
    </div>
  );
}
