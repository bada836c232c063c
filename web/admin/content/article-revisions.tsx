import { History } from "lucide-react";
import { useEffect, useState } from "react";
import { apiRequest } from "../../lib/api";
import { formatDateTime } from "../../lib/dates";
import { toast } from "../../lib/toast-store";
import { ADMIN_API } from "../shared/admin-session";
import { ConfirmDialog } from "../shared/confirm-dialog";

type Revision = { id: number; title: string; savedAt: string; savedBy: string };
type Comparison = {
  fields: { field: string; from: unknown; to: unknown }[];
  lines: { kind: "same" | "added" | "removed"; text: string }[];
};

const when = formatDateTime;
const shown = (v: unknown) => (Array.isArray(v) ? v.join(", ") : v === null ? "none" : String(v));

/**
 * Every save of the article, newest first: pick two to compare (fields that changed, then the content line by
 * line) or restore one, which saves it as the article again. `version` changes after each save.
 */
export function ArticleRevisions({ articleId, version }: { articleId: number; version: string }) {
  const base = `${ADMIN_API.articles}/${articleId}/revisions`;
  const [revisions, setRevisions] = useState<Revision[]>([]);
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [restoring, setRestoring] = useState<Revision | null>(null);
  const [pending, setPending] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new save (version) lists the revisions again
  useEffect(() => {
    let live = true;
    apiRequest("GET", base)
      .then((res) => res.json() as Promise<Revision[]>)
      .then((list) => {
        if (!live) return;
        setRevisions(list);
        setTo(list[0]?.id ?? null);
        setFrom(list[1]?.id ?? null);
        setComparison(null);
      })
      .catch(() => toast({ variant: "destructive", title: "The saved versions could not be loaded." }));
    return () => {
      live = false;
    };
  }, [base, version]);

  const compare = async () => {
    if (from === null || to === null) return;
    const res = await apiRequest("GET", `${base}/compare?from=${from}&to=${to}`);
    setComparison((await res.json()) as Comparison);
  };

  const restore = async () => {
    if (!restoring) return;
    setPending(true);
    try {
      await apiRequest("POST", `${base}/${restoring.id}/restore`);
      // The editor loads the article again, restored, with this list.
      window.location.reload();
    } catch {
      setPending(false);
      setRestoring(null);
      toast({ variant: "destructive", title: "That version could not be restored." });
    }
  };

  if (revisions.length === 0) return null;
  return (
    <section
      aria-labelledby="revisions-title"
      className="mt-10 rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <h2 id="revisions-title" className="flex items-center gap-2 font-serif text-2xl font-bold text-navy">
        <History className="size-5 text-gold-dark" aria-hidden="true" />
        Saved versions
      </h2>
      <table className="mt-4 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-line text-ink-muted">
            <th className="py-2 pr-3 font-semibold">Compare from</th>
            <th className="py-2 pr-3 font-semibold">to</th>
            <th className="py-2 pr-3 font-semibold">Saved</th>
            <th className="py-2 pr-3 font-semibold">Title</th>
            <th className="py-2 font-semibold">
              <span className="sr-only">Restore</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {revisions.map((r, i) => (
            <tr key={r.id} className="border-b border-line align-top">
              <td className="py-2 pr-3">
                <input
                  type="radio"
                  name="revision-from"
                  className="size-5"
                  aria-label={`Compare from the version saved ${when(r.savedAt)}`}
                  checked={from === r.id}
                  onChange={() => setFrom(r.id)}
                />
              </td>
              <td className="py-2 pr-3">
                <input
                  type="radio"
                  name="revision-to"
                  className="size-5"
                  aria-label={`Compare to the version saved ${when(r.savedAt)}`}
                  checked={to === r.id}
                  onChange={() => setTo(r.id)}
                />
              </td>
              <td className="py-2 pr-3 text-ink">
                {when(r.savedAt)}
                {r.savedBy && <span className="block text-ink-muted">by {r.savedBy}</span>}
              </td>
              <td className="py-2 pr-3 text-ink">{r.title}</td>
              <td className="py-2">
                {i > 0 && (
                  <button
                    type="button"
                    className="btn-outline min-h-9 px-3 py-1 text-sm"
                    onClick={() => setRestoring(r)}
                  >
                    Restore<span className="sr-only"> the version saved {when(r.savedAt)}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        className="btn-navy mt-4"
        disabled={from === null || to === null || from === to}
        onClick={() => void compare()}
      >
        Compare
      </button>
      {comparison && <ComparisonView comparison={comparison} />}
      <ConfirmDialog
        open={restoring !== null}
        title="Restore this version?"
        text={`The article becomes the version saved ${restoring ? when(restoring.savedAt) : ""} again. The current one stays in this list.`}
        confirmLabel="Restore Version"
        pendingLabel="Restoring..."
        pending={pending}
        onConfirm={() => void restore()}
        onCancel={() => setRestoring(null)}
      />
    </section>
  );
}

function ComparisonView({ comparison }: { comparison: Comparison }) {
  const changed = comparison.lines.some((l) => l.kind !== "same");
  return (
    <div className="mt-6 space-y-4" data-testid="revision-comparison">
      {comparison.fields.length > 0 && (
        <dl className="space-y-2 text-sm">
          {comparison.fields.map((f) => (
            <div key={f.field}>
              <dt className="font-semibold text-navy">{f.field}</dt>
              <dd>
                <del className="bg-danger-light text-danger">{shown(f.from)}</del>{" "}
                <ins className="bg-emerald-50 text-emerald-900 no-underline">{shown(f.to)}</ins>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {changed ? (
        <pre className="overflow-x-auto rounded-lg border border-line bg-paper p-4 text-sm leading-relaxed">
          {comparison.lines.map((l, i) =>
            l.kind === "same" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are shown once, in order
              <div key={i}>{`  ${l.text}`}</div>
            ) : l.kind === "added" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are shown once, in order
              <ins key={i} className="block bg-emerald-50 text-emerald-900 no-underline">{`+ ${l.text}`}</ins>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are shown once, in order
              <del key={i} className="block bg-danger-light text-danger">{`- ${l.text}`}</del>
            ),
          )}
        </pre>
      ) : (
        <p className="text-sm text-ink-muted">The content is the same in both.</p>
      )}
    </div>
  );
}
