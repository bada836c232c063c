import { useCallback, useEffect, useState } from "react";
import { Link, useSearch } from "wouter";
import { auditLabel, auditSentence } from "../../../src/contracts/audit";
import { adminSubmissionPath } from "../../../src/contracts/paths";
import { STATUS_LABELS } from "../../../src/contracts/submissions";
import { getJson } from "../../lib/api";
import { formatDateTimeSeconds, useFirmZone } from "../../lib/dates";
import { toast } from "../../lib/toast-store";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { ADMIN_API } from "../shared/admin-session";
import { AuditFilters } from "./audit-filters";
import { auditApiQuery, auditFiltersString, readAuditFilters } from "./audit-query";

const statusLabel = (s: string) => (STATUS_LABELS as Record<string, string>)[s] ?? s;

type Entry = {
  id: number;
  at: string;
  event: string;
  username: string | null;
  /** How the team knew whoever did it: their display name then, else their name or address now. */
  name: string | null;
  /** The reference of the request the entry is about, while it is kept. */
  reference?: string;
  clientAddress: string | null;
  detail: Record<string, unknown> | null;
};
type AuditPage = { entries: Entry[]; nextBeforeId: number | null };

/** The facts of an entry as a sentence, its request a link by reference (ADR 266). */
/** A column shown from 640 px; on a phone its words are under the event. */
const WIDE_ONLY = "hidden sm:table-cell";

function Detail({ entry }: { entry: Entry }) {
  return (
    <>
      {auditSentence(entry.detail, entry.reference, statusLabel).map((part, i) =>
        "submissionId" in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move
          <Link key={i} href={adminSubmissionPath(part.submissionId)} className="font-mono underline">
            {part.text}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

export function AuditPage() {
  return <AdminFrame>{() => <AuditLog />}</AdminFrame>;
}

function AuditLog() {
  const timeZone = useFirmZone();
  // As on the desk's list: the first render is unfiltered (the server caches HTML per path), then the
  // address's filters apply.
  const address = useSearch();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const filters = readAuditFilters(mounted ? address : "");
  const key = auditFiltersString(filters);
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are read afresh whenever their string changes
  const load = useCallback(
    async (before?: number) => {
      setLoading(true);
      try {
        const qs = auditApiQuery(filters, timeZone, before);
        const page = await getJson<AuditPage>([`${ADMIN_API.audit}${qs ? `?${qs}` : ""}`]);
        setEntries((e) => [...(before ? (e ?? []) : []), ...page.entries]);
        setNext(page.nextBeforeId);
      } catch {
        toast({
          title: "Could Not Load the Audit Log",
          description: "Reload the page to try again.",
          variant: "destructive",
        });
      } finally {
        setLoading(false);
      }
    },
    [key],
  );

  useEffect(() => {
    if (mounted) void load();
  }, [load, mounted]);

  return (
    <>
      <p className="eyebrow">Security</p>
      <h1 className="mt-2 font-serif text-3xl font-bold text-navy sm:text-4xl">Audit Log</h1>
      <p className="mt-3 max-w-2xl text-ink-muted">
        Every sign-in, sign-out and change, newest first. Entries can be added but never changed or removed.
        Views (lists shown, requests opened) are recorded too and shown when asked for.
      </p>
      <AuditFilters filters={filters} />
      {entries === null ? (
        <p className="mt-6 text-ink-muted">Loading the audit log...</p>
      ) : entries.length === 0 ? (
        <p className="mt-6 rounded-lg border border-line bg-white p-6 text-ink-muted">
          No entries match these filters.
        </p>
      ) : (
        <section
          aria-label="Audit log entries"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard
          tabIndex={0}
          className="mt-6 overflow-x-auto rounded-lg border border-line bg-white"
        >
          {/*
            On a phone two columns, the time and the event, with who, from where and the details under the event:
            five columns there made the table scroll sideways with only the time and half the event in view.
          */}
          <table className="w-full text-left text-sm sm:min-w-[44rem]">
            <caption className="sr-only">Audit log entries, newest first</caption>
            <thead className="border-b border-line bg-paper-deep text-ink">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Time
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Event
                </th>
                <th scope="col" className={`${WIDE_ONLY} px-4 py-3 font-semibold`}>
                  User
                </th>
                <th scope="col" className={`${WIDE_ONLY} px-4 py-3 font-semibold`}>
                  Client address
                </th>
                <th scope="col" className={`${WIDE_ONLY} px-4 py-3 font-semibold`}>
                  Details
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-b border-line align-top last:border-0 sm:align-middle">
                  <td className="px-4 py-3 sm:whitespace-nowrap">
                    <time dateTime={e.at}>{formatDateTimeSeconds(e.at)}</time>
                  </td>
                  <td className="px-4 py-3 font-medium">
                    {auditLabel(e.event)}
                    <span className="mt-1 block break-words font-normal text-ink-muted sm:hidden">
                      {e.name ?? e.username ?? "No user"}
                      {e.clientAddress && (
                        <>
                          {" "}
                          from <span className="font-mono">{e.clientAddress}</span>
                        </>
                      )}
                      {e.detail && (
                        <span className="mt-1 block">
                          <Detail entry={e} />
                        </span>
                      )}
                    </span>
                  </td>
                  <td className={`${WIDE_ONLY} px-4 py-3`}>{e.name ?? e.username ?? "—"}</td>
                  <td className={`${WIDE_ONLY} px-4 py-3 font-mono`}>{e.clientAddress ?? "—"}</td>
                  <td className={`${WIDE_ONLY} px-4 py-3 text-ink-muted`}>
                    <Detail entry={e} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {next !== null && (
        <button
          type="button"
          onClick={() => load(next)}
          disabled={loading}
          className="btn-outline mt-6 disabled:opacity-70"
        >
          {loading ? "Loading..." : "Load Older Entries"}
        </button>
      )}
    </>
  );
}

export const auditPage = adminPage(AuditPage, {
  title: "Audit Log",
  description: "Sign-ins, sign-outs and account changes, newest first.",
});
