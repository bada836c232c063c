import { CheckCircle2, XCircle } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { formatFileSize } from "../../../src/contracts/file-size";
import { getJson } from "../../lib/api";
import { formatDateTime } from "../../lib/dates";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { BACKUPS_API, OutboxNotice, type OutboxState, useStartBackup } from "./backup-warning";

type Run = {
  at: string;
  ok: boolean;
  bytes: number;
  verified: boolean;
  name: string | null;
  error: string | null;
};
type BackupsView = {
  schedule: string;
  scheduleInWords: string;
  timeZone: string;
  keep: { daily: number; weekly: number; monthly: number };
  targets: { kind: "folder" | "s3"; where: string }[];
  running: boolean;
  warning: string | null;
  outbox: OutboxState;
  items: Run[];
};

/**
 * The backups as the server keeps them (GET /api/admin/backups): the schedule, where archives go, the keep rule,
 * the recent runs with their errors, and a button that takes one now. Settings are the operator's (BACKUP_*).
 */
/** How often the screen asks again while a backup it started runs: its run shows as soon as it ends. */
const WATCH_MS = 1000;
/** A backup of a large data folder takes minutes; past this the screen stops asking and says to reload. */
const WATCH_FOR_MS = 30 * 60_000;

/**
 * The backups' view, read again every second from a press of "Take a backup now" until the server says no
 * backup runs and a run is listed that was not before the press: the new run appears without a reload.
 */
function useBackupsView(started: string) {
  const [view, setView] = useState<BackupsView | null | "failed">(null);
  const [watch, setWatch] = useState<"idle" | "watching" | "ended" | "gave up">("idle");
  /** The newest run listed so far: the watch waits for a newer one. */
  const newest = useRef("");
  const show = useCallback((v: BackupsView) => {
    newest.current = v.items[0]?.at ?? "";
    setView(v);
  }, []);
  useEffect(() => {
    let live = true;
    getJson<BackupsView>([BACKUPS_API]).then(
      (v) => live && show(v),
      () => live && setView("failed"),
    );
    return () => {
      live = false;
    };
  }, [show]);
  const pressed = started === "started" || started === "running" ? started : null;
  useEffect(() => {
    if (pressed === null) return;
    let live = true;
    const before = newest.current;
    const until = Date.now() + WATCH_FOR_MS;
    setWatch("watching");
    let timer: ReturnType<typeof setTimeout>;
    const ask = async () => {
      try {
        const v = await getJson<BackupsView>([BACKUPS_API]);
        if (!live) return;
        show(v);
        if (!v.running && (v.items[0]?.at ?? "") !== before) return setWatch("ended");
      } catch {
        // A lost answer is asked again at the next tick.
      }
      if (!live) return;
      if (Date.now() > until) return setWatch("gave up");
      timer = setTimeout(ask, WATCH_MS);
    };
    timer = setTimeout(ask, WATCH_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [pressed, show]);
  return { view, watch };
}

export function BackupsPage() {
  const { started, start } = useStartBackup();
  const { view, watch } = useBackupsView(started);

  return (
    <AdminFrame>
      {() => (
        <>
          <p className="eyebrow">Settings</p>
          <h1 className="mt-2 font-serif text-3xl font-bold text-navy sm:text-4xl">Backups</h1>
          <p className="mt-3 max-w-2xl text-ink-muted">
            Each backup is one encrypted, verified archive of the data folder (never the data key). The
            schedule, the folder and the S3 bucket are the operator's settings (<code>BACKUP_SCHEDULE</code>,{" "}
            <code>BACKUP_DIR</code>, <code>BACKUP_S3_URL</code>, <code>BACKUP_KEEP</code>).
          </p>
          <div aria-live="polite">
            {view === null && <p className="mt-8 text-ink-muted">Loading the backups...</p>}
            {view === "failed" && <p className="mt-8 text-danger">The backups could not be loaded.</p>}
          </div>
          {view && view !== "failed" && (
            <>
              {view.warning && (
                <p className="mt-6 rounded-md border-2 border-danger bg-danger-light p-4 text-ink">
                  {view.warning}.
                </p>
              )}
              <OutboxNotice outbox={view.outbox} />
              <dl className="mt-8 grid gap-4 rounded-xl border border-line bg-white p-6 shadow-sm sm:grid-cols-3">
                <div>
                  <dt className="text-sm font-semibold text-ink-muted">Schedule</dt>
                  <dd className="mt-1 text-ink">{view.scheduleInWords}</dd>
                  {view.schedule !== "off" && (
                    <dd className="mt-1 text-sm text-ink-muted">
                      <code>BACKUP_SCHEDULE={view.schedule}</code> on the firm's clock ({view.timeZone})
                    </dd>
                  )}
                </div>
                <div>
                  <dt className="text-sm font-semibold text-ink-muted">Kept</dt>
                  <dd className="mt-1 text-ink">
                    {view.keep.daily} daily, {view.keep.weekly} weekly, {view.keep.monthly} monthly
                  </dd>
                </div>
                <div className="min-w-0">
                  <dt className="text-sm font-semibold text-ink-muted">Written to</dt>
                  {view.targets.map((t) => (
                    <dd key={t.where} className="mt-1 break-words text-ink">
                      {t.kind === "s3" ? "S3: " : "Folder: "}
                      <code>{t.where}</code>
                    </dd>
                  ))}
                </div>
              </dl>
              <div className="mt-6 flex flex-wrap items-center gap-3" aria-live="polite">
                <button
                  type="button"
                  className="btn-navy"
                  onClick={start}
                  disabled={view.running || started === "starting" || watch === "watching"}
                >
                  Take a backup now
                </button>
                {(view.running || watch === "watching") && (
                  <p>A backup is running: it is listed below as soon as it ends.</p>
                )}
                {watch === "ended" && !view.running && (
                  <p role="status">The backup has ended: it is the first of the recent runs.</p>
                )}
                {watch === "gave up" && <p>The backup is still running: reload later to see it.</p>}
                {started === "failed" && (
                  <p className="text-danger">The backup could not be started. Try again.</p>
                )}
              </div>
              <section aria-labelledby="runs-title" className="mt-10">
                <h2 id="runs-title" className="font-serif text-2xl font-bold text-navy">
                  Recent runs
                </h2>
                {view.items.length === 0 ? (
                  <p className="mt-3 text-ink-muted">No backup has been taken yet.</p>
                ) : (
                  <ul className="mt-4 divide-y divide-line rounded-xl border border-line bg-white">
                    {view.items.map((r) => (
                      <li key={r.at} className="flex items-start gap-3 px-5 py-3">
                        {r.ok ? (
                          <CheckCircle2 className="mt-1 size-5 shrink-0 text-navy" aria-hidden="true" />
                        ) : (
                          <XCircle className="mt-1 size-5 shrink-0 text-danger" aria-hidden="true" />
                        )}
                        <div className="min-w-0">
                          <p className="font-semibold text-ink">
                            <time dateTime={r.at}>{formatDateTime(r.at)}</time>
                            {" · "}
                            {r.ok ? `${formatFileSize(r.bytes)}${r.verified ? ", verified" : ""}` : "Failed"}
                          </p>
                          {r.name && <p className="break-words font-mono text-xs text-ink-muted">{r.name}</p>}
                          {r.error && <p className="break-words text-sm text-danger">{r.error}</p>}
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </>
          )}
        </>
      )}
    </AdminFrame>
  );
}

export const backupsPage = adminPage(BackupsPage, {
  title: "Backups",
  description: "The backup schedule, where archives are kept, and the recent runs.",
});
