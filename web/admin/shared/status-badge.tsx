/** "Published" or "Draft" beside an item in an admin list. */
export function StatusBadge({ published }: { published: boolean }) {
  return published ? (
    <span className="rounded-full bg-navy px-2.5 py-0.5 text-xs font-semibold text-white">Published</span>
  ) : (
    <span className="rounded-full border border-ink-muted px-2.5 py-0.5 text-xs font-semibold text-ink">
      Draft
    </span>
  );
}
