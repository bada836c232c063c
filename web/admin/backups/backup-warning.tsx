import { DatabaseBackup } from "lucide-react";
import { useState } from "react";
import { apiRequest } from "../../lib/api";
import { useJson } from "../../lib/use-json";

export const BACKUPS_API = "/api/admin/backups";
const RELEASE_API = `${BACKUPS_API}/outbox/release`;

/** The outbox as the backups' view reports it: a restored folder's hold, and mail waiting for a data key. */
export type OutboxState = { held: { since: string; reason: string } | null; waitingForDataKey: number };

/**
 * What keeps mail from going that only the operator can end (ADRs 286 and 287): a restored folder's held outbox,
 * with the button that releases it, and mail waiting for a data key this server does not hold.
 */
export function OutboxNotice({ outbox }: { outbox: OutboxState | undefined }) {
  const [released, setReleased] = useState<"idle" | "pressed" | "done" | "failed">("idle");
  if (!outbox) return null;
  const release = async () => {
    setReleased("pressed");
    try {
      await apiRequest("POST", RELEASE_API);
      setReleased("done");
    } catch {
      setReleased("failed");
    }
  };
  return (
    <>
      {outbox.held && released !== "done" && (
        <section
          aria-labelledby="outbox-held-title"
          className="mt-6 rounded-xl border-2 border-danger bg-danger-light p-5 text-ink"
        >
          <h2 id="outbox-held-title" className="font-serif text-xl font-bold text-danger">
            Mail is held
          </h2>
          <p className="mt-2 break-words">
            This data folder was restored from a backup ({outbox.held.reason}), so nothing is sent until you
            release it: a restore drill must not mail the firm's clients again. Release it only on the server
            that now serves the firm (<code>tracewell outbox release</code> does the same).
          </p>
          <div className="mt-4 flex flex-wrap items-center gap-3" aria-live="polite">
            <button
              type="button"
              className="btn-navy min-h-11"
              onClick={release}
              disabled={released === "pressed"}
            >
              Release the outbox
            </button>
            {released === "failed" && (
              <p className="text-danger">The outbox could not be released. Try again.</p>
            )}
          </div>
        </section>
      )}
      {released === "done" && (
        <p className="mt-6" role="status">
          The outbox is released: the queued mail is being sent.
        </p>
      )}
      {outbox.waitingForDataKey > 0 && (
        <p className="mt-6 rounded-md border-2 border-danger bg-danger-light p-4 text-ink">
          {outbox.waitingForDataKey} {outbox.waitingForDataKey === 1 ? "mail waits" : "mails wait"} for a data
          key this server does not hold (none is given up). Restart it with every key in <code>DATA_KEY</code>
          , the new one first (<code>DATA_KEY=NEW,OLD</code>); the log says which (
          <code>mail_waiting_for_data_key</code>).
        </p>
      )}
    </>
  );
}

type Started = "idle" | "starting" | "started" | "running" | "failed";

/**
 * "Take a backup now", for the dashboard's warning and the Backups screen: what came of the last press
 * ("running" when one was running already), and the press itself.
 */
export function useStartBackup() {
  const [started, setStarted] = useState<Started>("idle");
  const start = async () => {
    setStarted("starting");
    try {
      const res = await apiRequest("POST", BACKUPS_API);
      const { started: began } = (await res.json()) as { started: boolean };
      setStarted(began ? "started" : "running");
    } catch {
      setStarted("failed");
    }
  };
  return { started, start, pressed: started === "starting" || started === "started" };
}

/**
 * A failed backup, or none for 26 hours while the schedule runs, said at the top of the dashboard: what is
 * wrong (the API's `warning`), a button that starts one now, and where the operations guide explains the
 * settings. Nothing is shown while all is well, or when the backups cannot be read.
 */
export function BackupWarning() {
  const view = useJson<{ warning: string | null; outbox?: OutboxState }>(BACKUPS_API);
  const { started, start, pressed } = useStartBackup();
  const warning = view && view !== "failed" ? view.warning : null;
  const outbox = view && view !== "failed" ? view.outbox : undefined;
  if (!warning) return <OutboxNotice outbox={outbox} />;

  return (
    <>
      <OutboxNotice outbox={outbox} />
      <section
        aria-labelledby="backup-warning-title"
        className="mt-6 rounded-xl border-2 border-danger bg-danger-light p-5 text-ink"
      >
        <div className="flex items-center gap-3">
          <DatabaseBackup className="size-6 shrink-0 text-danger" aria-hidden="true" />
          <h2 id="backup-warning-title" className="font-serif text-xl font-bold text-danger">
            Backups need attention
          </h2>
        </div>
        <p className="mt-2 break-words">{warning}.</p>
        <p className="mt-2 text-sm">
          The server's log says why (<code>backup_failed</code>). The operations guide, section "Backups and
          restores" (<code>docs/operations.md</code>), explains <code>BACKUP_DIR</code>,{" "}
          <code>BACKUP_S3_URL</code> and the restore drill; <code>tracewell backup list</code> shows every
          backup kept.
        </p>
        <div className="mt-4 flex flex-wrap items-center gap-3" aria-live="polite">
          <button type="button" className="btn-navy min-h-11" onClick={start} disabled={pressed}>
            Take a backup now
          </button>
          {started === "started" && <p>A backup has started. This notice goes once one succeeds.</p>}
          {started === "running" && <p>A backup is already running.</p>}
          {started === "failed" && <p className="text-danger">The backup could not be started. Try again.</p>}
        </div>
      </section>
    </>
  );
}
