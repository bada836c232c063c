import { CheckCheck, Download, Trash2 } from "lucide-react";
import { DATA_REQUEST_KIND_LABELS, type DataRequestItem } from "../../../src/contracts/privacy";
import { formatLongDate } from "../../lib/dates";
import { dataRequestApi, daysLeftText } from "./privacy-api";

/** One data-rights request in the list: its state, dates and count, and what can be done with it while open. */
export function RequestCard(props: {
  item: DataRequestItem;
  pending: boolean;
  onErase: () => void;
  onComplete: () => void;
}) {
  const { item, pending } = props;
  const open = item.status === "open";
  const late = open && (item.daysLeft ?? 0) < 0;
  const kind = DATA_REQUEST_KIND_LABELS[item.kind];
  return (
    <li
      aria-labelledby={`request-${item.id}`}
      className="rounded-xl border border-line bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={`request-${item.id}`} className="font-serif text-xl font-bold text-navy">
          {kind} request #{item.id}
        </h3>
        <span
          className={`rounded-full border px-2.5 py-0.5 text-xs font-semibold ${
            open
              ? late
                ? "border-danger bg-danger-light text-danger"
                : "border-gold-dark bg-gold-light text-ink"
              : "border-ink-muted bg-paper-deep text-ink"
          }`}
        >
          {open ? (late ? "Overdue" : "Open") : "Completed"}
        </span>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className="inline text-ink-muted">From: </dt>
          {/* A completed request keeps no address: the card says so rather than leave a blank. */}
          <dd className="inline break-words font-semibold text-ink">
            {item.email ?? <span className="font-normal text-ink-muted">address removed on completion</span>}
          </dd>
        </div>
        <div>
          <dt className="inline text-ink-muted">Received: </dt>
          <dd className="inline text-ink">{formatLongDate(item.receivedAt)}</dd>
        </div>
        <div>
          <dt className="inline text-ink-muted">{open ? "Due: " : "Completed: "}</dt>
          <dd className="inline font-semibold text-ink">
            {open
              ? `${formatLongDate(item.dueAt)} (${daysLeftText(item.daysLeft ?? 0)})`
              : formatLongDate(item.completedAt ?? item.dueAt)}
          </dd>
        </div>
        <div>
          <dt className="inline text-ink-muted">Intakes from the address: </dt>
          <dd className="inline text-ink">{item.intakeCount}</dd>
        </div>
      </dl>
      {open && (
        <div className="mt-4 flex flex-wrap gap-3">
          <a
            href={dataRequestApi.export(item.id)}
            download
            className="btn-outline min-h-10 px-3 py-1.5 text-sm"
          >
            <Download className="size-4" aria-hidden="true" />
            Export Archive<span className="sr-only"> of request #{item.id}</span>
          </a>
          {item.kind === "deletion" ? (
            <button
              type="button"
              onClick={props.onErase}
              disabled={pending}
              className="btn-base min-h-10 border-2 border-danger px-3 py-1.5 text-sm text-danger hover:bg-danger-light disabled:opacity-70"
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Erase Intakes<span className="sr-only"> of request #{item.id}</span>
            </button>
          ) : (
            <button
              type="button"
              onClick={props.onComplete}
              disabled={pending}
              className="btn-navy min-h-10 px-3 py-1.5 text-sm disabled:opacity-70"
            >
              <CheckCheck className="size-4" aria-hidden="true" />
              Mark Completed<span className="sr-only"> request #{item.id}</span>
            </button>
          )}
        </div>
      )}
    </li>
  );
}
