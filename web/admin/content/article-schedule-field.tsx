import { TextField } from "../shared/text-field";

/** "2026-11-03T10:00" in the browser's own zone, as a datetime-local input shows a stored time. */
function localInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * When a published article becomes public. The input is in the admin's own zone; the API gets the instant
 * with its zone (a bare local time would mean the server's). Empty: when first published, as before.
 */
export function ArticleScheduleField({
  publishAt,
  onChange,
  error,
  now,
}: {
  publishAt: string | null | undefined;
  onChange: (publishAt: string | null) => void;
  error?: string;
  now: Date;
}) {
  const scheduled = publishAt ? Date.parse(publishAt) > now.getTime() : false;
  return (
    <TextField
      id="article-publish-at"
      label="Publish time"
      name="publishAt"
      type="datetime-local"
      hint={
        scheduled
          ? "Scheduled: the article appears on the site, the sitemap and the feed at this time."
          : "Leave empty to publish when saved with Published ticked; a future time schedules it."
      }
      value={localInput(publishAt)}
      onChange={(e) => onChange(e.target.value ? new Date(e.target.value).toISOString() : null)}
      error={error}
    />
  );
}
