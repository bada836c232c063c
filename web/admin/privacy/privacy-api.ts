import { useCallback, useEffect, useState } from "react";
import type { DataRequestItem, DataRequestList } from "../../../src/contracts/privacy";
import { getJson } from "../../lib/api";
import { formatLongDate } from "../../lib/dates";

/** The privacy API, as the admin screens call it. */
export const RETENTION_API = "/api/admin/retention";
/** What a proposed policy would delete at the next purge; deletes nothing. */
export const retentionDryRunApi = (unengagedDays: number, engagedDays: number) =>
  `${RETENTION_API}/dry-run?unengagedDays=${unengagedDays}&engagedDays=${engagedDays}`;
export const DATA_REQUESTS_API = "/api/admin/data-requests";
export const dataRequestApi = {
  export: (id: number) => `${DATA_REQUESTS_API}/${id}/export`,
  erase: (id: number) => `${DATA_REQUESTS_API}/${id}/erase`,
  complete: (id: number) => `${DATA_REQUESTS_API}/${id}/complete`,
};

/** "in 12 days", "due today", "3 days overdue": how a request's deadline reads. */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft === 0) return "Due today";
  if (daysLeft > 0) return `${daysLeft} ${daysLeft === 1 ? "day" : "days"} left`;
  const late = -daysLeft;
  return `${late} ${late === 1 ? "day" : "days"} overdue`;
}

/**
 * How a planned deletion reads in the admin's list: "Due: deleted at the next purge" once its day has come on the
 * firm's calendar, "Deleted on 10 Jan 2027" before. `today` is the firm's, from the server (RetentionView.today):
 * neither the browser's day nor the UTC one, which turns over hours early on a New York evening.
 */
export const purgeLabel = (deleteOn: string, today: string) =>
  deleteOn <= today ? "Due: deleted at the next purge" : `Deleted on ${formatLongDate(deleteOn)}`;

/** The data-rights requests list, loaded once and on reload(); null while loading, "failed" when it could not be. */
export function useDataRequests() {
  const [items, setItems] = useState<DataRequestItem[] | null | "failed">(null);
  const reload = useCallback(async () => {
    try {
      setItems((await getJson<DataRequestList>([DATA_REQUESTS_API])).items);
    } catch {
      setItems("failed");
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { items, reload };
}
