import { CircleAlert, CircleCheck, RotateCw, Upload, X } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { ACCEPTED_KINDS, type UploadLimits } from "../../src/contracts/documents";
import { formatFileSize, formatLimit } from "../../src/contracts/file-size";
import { ProgressBar } from "../components/progress-bar";
import type { Sending } from "./use-portal-documents";

/** Where files are dropped or picked, with what the firm accepts. */
export function DropZone({ limits, onFiles }: { limits: UploadLimits; onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  const drop = (ev: DragEvent) => {
    ev.preventDefault();
    setOver(false);
    const files = [...ev.dataTransfer.files];
    if (files.length) onFiles(files);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is for the pointer; the button inside is the way in by keyboard
    <div
      onDragOver={(ev) => {
        ev.preventDefault();
        setOver(true);
      }}
      // Leaving for a child of the zone is not leaving the zone.
      onDragLeave={(ev) => {
        if (!ev.currentTarget.contains(ev.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={drop}
      data-drop-zone
      className={`rounded-xl border-2 border-dashed p-6 text-center transition-colors ${
        over ? "border-navy bg-paper-deep" : "border-mist bg-white"
      }`}
    >
      <Upload className="mx-auto size-8 text-navy" aria-hidden="true" />
      <p className="mt-2 font-semibold text-ink">
        <span className="hidden sm:inline">Drag files here to send them, or</span>
        <span className="sm:hidden">Send files from this device</span>
      </p>
      <button
        type="button"
        className="btn-navy mt-3"
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
      >
        Choose files
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        onChange={(ev) => {
          const files = [...(ev.target.files ?? [])];
          ev.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
      <p id={hintId} className="mx-auto mt-4 max-w-prose text-sm text-ink-muted">
        We accept {ACCEPTED_KINDS}: up to {formatLimit(limits.maxBytes)} a file and{" "}
        {formatLimit(limits.maxTotalBytes)} for all of this engagement's files together. The file's content
        decides its type, not its name: documents with macros, web pages and scripts are not accepted. Several
        files may be sent at once.
      </p>
    </div>
  );
}

/** One upload from this page: its bar, what went wrong, and its Retry and Clear. */
export function SendingRow({
  item,
  onRetry,
  onDismiss,
}: {
  item: Sending;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const id = useId();
  const percent = item.size ? Math.floor((item.sent / item.size) * 100) : 100;
  const status =
    item.state === "done"
      ? "Sent"
      : item.state === "failed"
        ? "Not sent"
        : `${percent}% · ${formatFileSize(item.sent)} of ${formatFileSize(item.size)}`;
  return (
    <li className="rounded-lg border border-line bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <label htmlFor={`${id}-progress`} className="min-w-0 break-all font-semibold text-ink">
          {item.name}
        </label>
        <span
          className={`flex items-center gap-1.5 text-sm ${item.state === "failed" ? "text-danger" : "text-ink-muted"}`}
        >
          {item.state === "done" && <CircleCheck className="size-4 text-green-700" aria-hidden="true" />}
          {item.state === "failed" && <CircleAlert className="size-4" aria-hidden="true" />}
          {status}
        </span>
      </div>
      <ProgressBar
        id={`${id}-progress`}
        max={item.size}
        value={item.state === "done" ? item.size : item.sent}
        failed={item.state === "failed"}
        className="mt-2"
      />
      {item.message && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {item.message}
        </p>
      )}
      {item.state !== "sending" && (
        <div className="mt-3 flex flex-wrap gap-3">
          {item.state === "failed" && !item.refused && (
            <button type="button" className="btn-outline min-h-10 px-4 py-2 text-sm" onClick={onRetry}>
              <RotateCw className="size-4" aria-hidden="true" />
              Retry <span className="sr-only">{item.name}</span>
            </button>
          )}
          <button
            type="button"
            className="btn-base min-h-10 px-4 py-2 text-sm text-ink-muted underline hover:text-ink"
            onClick={onDismiss}
          >
            <X className="size-4" aria-hidden="true" />
            Clear <span className="sr-only">{item.name} from this list</span>
          </button>
        </div>
      )}
    </li>
  );
}
