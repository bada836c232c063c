import type { Sealed } from "../../../store";

export const MILESTONES = ["3-days-before", "1-day-before", "due-today", "3-days-after"] as const;
export type Milestone = (typeof MILESTONES)[number];

/**
 * The reminders sent (document_request_reminders, one per engagement per firm's day) and the milestone each item
 * was reminded at (document_request_reminder_items, each item's milestone once): what makes a second run of the
 * same day, or a run a day later that sees the same milestone, send nothing again.
 */
export function remindersRepo({ db }: Pick<Sealed, "db">) {
  const insert = db.prepare<{ id: number }, [number, string, string]>(
    `INSERT INTO document_request_reminders (engagement_id, day, created_at) VALUES (?, ?, ?)
     ON CONFLICT (engagement_id, day) DO NOTHING RETURNING id`,
  );
  const addItem = db.prepare<{ itemId: number }, [number, number, string]>(
    `INSERT INTO document_request_reminder_items (reminder_id, item_id, milestone) VALUES (?, ?, ?)
     ON CONFLICT (item_id, milestone) DO NOTHING RETURNING item_id AS itemId`,
  );
  const remove = db.prepare<never, [number]>("DELETE FROM document_request_reminders WHERE id = ?");
  const sent = db.prepare<{ n: number }, [number, string]>(
    "SELECT count(*) AS n FROM document_request_reminder_items WHERE item_id = ? AND milestone = ?",
  );
  const itemsOf = db.prepare<{ itemId: number; milestone: Milestone }, [number]>(
    `SELECT item_id AS itemId, milestone FROM document_request_reminder_items WHERE reminder_id = ?
     ORDER BY item_id`,
  );
  const byId = db.prepare<{ id: number; engagementId: number; day: string }, [number]>(
    "SELECT id, engagement_id AS engagementId, day FROM document_request_reminders WHERE id = ?",
  );
  return {
    wasSent: (itemId: number, milestone: Milestone) => (sent.get(itemId, milestone) as { n: number }).n > 0,
    /**
     * One reminder for the engagement's day holding these items' milestones (those not reminded of before); null
     * when the day has one already or nothing is left to remind of. One write.
     */
    record: db.transaction(
      (engagementId: number, day: string, at: string, items: { itemId: number; milestone: Milestone }[]) => {
        const row = insert.get(engagementId, day, at);
        if (!row) return null;
        const held = items.filter((i) => addItem.get(row.id, i.itemId, i.milestone) !== null);
        if (held.length === 0) {
          remove.run(row.id);
          return null;
        }
        return row.id;
      },
    ),
    byId: (id: number) => byId.get(id),
    itemsOf: (id: number) => itemsOf.all(id),
  };
}

export type RemindersRepo = ReturnType<typeof remindersRepo>;
