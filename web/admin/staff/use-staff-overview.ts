import { useCallback, useEffect, useState } from "react";
import type { StaffOverview } from "../../../src/contracts/staff";
import { getJson } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import { STAFF_API } from "./staff-api";

/** How soon the screen asks again while an invitation's e-mail is still in the outbox. */
export const MAIL_PENDING_POLL_MS = 4_000;

/**
 * The Staff screen's overview, and a way to load it again. While any invitation's e-mail is waiting in the outbox
 * the screen asks again every few seconds, so its card reads "Email sent" (or why not) once the outbox has sent
 * it, not "Email waiting to be sent" until someone reloads (issue 45); once none is waiting it stops asking.
 */
export function useStaffOverview(pollMs = MAIL_PENDING_POLL_MS) {
  const [overview, setOverview] = useState<StaffOverview | null>(null);
  const load = useCallback(
    () =>
      getJson<StaffOverview>([STAFF_API.overview]).then(setOverview, () =>
        toast({
          title: "Could Not Load Staff",
          description: "Reload the page to try again.",
          variant: "destructive",
        }),
      ),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const waiting = overview?.invitations.some((i) => i.mail === "pending") ?? false;
  // Keyed on the overview itself: each answer that still shows a mail waiting sets the next ask.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer (overview) is what sets the next ask
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => void load(), pollMs);
    return () => clearTimeout(timer);
  }, [waiting, overview, load, pollMs]);
  return { overview, load };
}
