import type { DocumentRequestState, RequestItemEvent } from "../../../contracts/document-requests";
import type { Sealed } from "../../../store";

/** An item as stored, its personal text decrypted. */
export type ItemRow = {
  id: number;
  engagementId: number;
  title: string;
  description: string;
  period: string;
  dueOn: string | null;
  required: boolean;
  state: DocumentRequestState;
  note: string | null;
  reason: string | null;
  position: number;
  createdAt: string;
  updatedAt: string;
};

type Stored = Omit<ItemRow, "required"> & { required: number };

const COLUMNS = `id, engagement_id AS engagementId, title, description, period, due_on AS dueOn, required, state,
  note, reason, position, created_at AS createdAt, updated_at AS updatedAt`;

export type NewItemRow = {
  title: string;
  description: string;
  period: string;
  dueOn: string | null;
  required: boolean;
};

/** What an item's change writes: the fields given, the state it ends in, and the step kept in its history. */
export type ItemChange = {
  fields?: Partial<NewItemRow>;
  state?: DocumentRequestState;
  note?: string | null;
  reason?: string | null;
  event: { by: "staff" | "client"; adminId: number | null; action: string; detail: string | null };
};

/**
 * The request lists (document_request_items), their history (document_request_events), the files sent against
 * an item (document_request_files) and an engagement's paused reminders (document_request_pauses). The text a
 * client's matter is in is encrypted on write and decrypted on read; every look-up by an item's id also names
 * the engagement, so one engagement's id never reaches another's item.
 */
export function itemsRepo({ db, cipher }: Sealed) {
  const seal = (s: string | null) => (s === null ? null : cipher.encrypt(s));
  const open = (s: string | null) => (s === null ? null : cipher.decrypt(s));
  const readable = (s: Stored): ItemRow => ({
    ...s,
    title: cipher.decrypt(s.title),
    description: cipher.decrypt(s.description),
    period: cipher.decrypt(s.period),
    note: open(s.note),
    reason: open(s.reason),
    required: s.required === 1,
  });
  const insert = db.prepare<
    { id: number },
    [number, string, string, string, string | null, number, number, string, string]
  >(
    `INSERT INTO document_request_items (engagement_id, title, description, period, due_on, required, state,
       position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'requested', ?, ?, ?) RETURNING id`,
  );
  const nextPosition = db.prepare<{ n: number }, [number]>(
    "SELECT coalesce(max(position), 0) + 1 AS n FROM document_request_items WHERE engagement_id = ?",
  );
  const one = db.prepare<Stored, [number, number]>(
    `SELECT ${COLUMNS} FROM document_request_items WHERE id = ? AND engagement_id = ?`,
  );
  const byId = db.prepare<Stored, [number]>(`SELECT ${COLUMNS} FROM document_request_items WHERE id = ?`);
  const ofEngagement = db.prepare<Stored, [number]>(
    `SELECT ${COLUMNS} FROM document_request_items WHERE engagement_id = ? ORDER BY position, id`,
  );
  const sameBatch = db.prepare<Stored, [number, number]>(
    `SELECT ${COLUMNS} FROM document_request_items
     WHERE engagement_id = (SELECT engagement_id FROM document_request_items WHERE id = ?)
       AND created_at = (SELECT created_at FROM document_request_items WHERE id = ?)
     ORDER BY position, id`,
  );
  const withDue = db.prepare<Stored, [string, string]>(
    `SELECT ${COLUMNS} FROM document_request_items
     WHERE due_on IS NOT NULL AND due_on BETWEEN ? AND ? AND state IN ('requested', 'revision-requested')
       AND engagement_id NOT IN (SELECT engagement_id FROM document_request_pauses)
     ORDER BY engagement_id, due_on, position`,
  );
  const engagementsWithItems = db.prepare<{ engagementId: number }, []>(
    "SELECT DISTINCT engagement_id AS engagementId FROM document_request_items ORDER BY engagement_id",
  );
  const addEvent = db.prepare<never, [number, string, string, number | null, string, string, string | null]>(
    `INSERT INTO document_request_events (item_id, at, by, admin_id, action, state, detail)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const eventsOf = db.prepare<RequestItemEvent & { itemId: number }, [number]>(
    `SELECT e.item_id AS itemId, e.at, e.by, e.action, e.state, e.detail FROM document_request_events e
     JOIN document_request_items i ON i.id = e.item_id WHERE i.engagement_id = ? ORDER BY e.id`,
  );
  const update = db.prepare<
    never,
    [string, string, string, string | null, number, string, string | null, string | null, string, number]
  >(
    `UPDATE document_request_items SET title = ?, description = ?, period = ?, due_on = ?, required = ?,
       state = ?, note = ?, reason = ?, updated_at = ? WHERE id = ?`,
  );
  const linkFile = db.prepare<never, [number, string]>(
    "INSERT OR IGNORE INTO document_request_files (item_id, document_id) VALUES (?, ?)",
  );
  const fileReceived = db.prepare<{ itemId: number }, [string, string]>(
    `UPDATE document_request_files SET received_at = ? WHERE document_id = ? AND received_at IS NULL
     RETURNING item_id AS itemId`,
  );
  const fileLink = db.prepare<{ itemId: number; receivedAt: string | null }, [string]>(
    "SELECT item_id AS itemId, received_at AS receivedAt FROM document_request_files WHERE document_id = ?",
  );
  const receivedCount = db.prepare<{ n: number }, [number, string]>(
    `SELECT count(*) AS n FROM document_request_files
     WHERE item_id = ? AND received_at IS NOT NULL AND document_id <> ?`,
  );
  const filesOf = db.prepare<{ itemId: number; documentId: string; receivedAt: string | null }, [number]>(
    `SELECT f.item_id AS itemId, f.document_id AS documentId, f.received_at AS receivedAt
     FROM document_request_files f JOIN document_request_items i ON i.id = f.item_id
     WHERE i.engagement_id = ? ORDER BY f.received_at, f.document_id`,
  );
  const pause = db.prepare<never, [number, string, number | null]>(
    `INSERT INTO document_request_pauses (engagement_id, paused_at, paused_by) VALUES (?, ?, ?)
     ON CONFLICT (engagement_id) DO NOTHING`,
  );
  const unpause = db.prepare<never, [number]>("DELETE FROM document_request_pauses WHERE engagement_id = ?");
  const paused = db.prepare<{ n: number }, [number]>(
    "SELECT count(*) AS n FROM document_request_pauses WHERE engagement_id = ?",
  );

  function event(itemId: number, at: string, state: DocumentRequestState, e: ItemChange["event"]) {
    addEvent.run(itemId, at, e.by, e.adminId, e.action, state, seal(e.detail));
  }

  return {
    /** New items at the end of the engagement's list, each with its first step in the history; their ids. */
    add(engagementId: number, items: NewItemRow[], at: string, adminId: number | null): number[] {
      let position = (nextPosition.get(engagementId) as { n: number }).n;
      return items.map((item) => {
        const { id } = insert.get(
          engagementId,
          cipher.encrypt(item.title),
          cipher.encrypt(item.description),
          cipher.encrypt(item.period),
          item.dueOn,
          item.required ? 1 : 0,
          position++,
          at,
          at,
        ) as { id: number };
        event(id, at, "requested", { by: "staff", adminId, action: "requested", detail: null });
        return id;
      });
    },
    find: (engagementId: number, itemId: number): ItemRow | null => {
      const s = one.get(itemId, engagementId);
      return s ? readable(s) : null;
    },
    byId: (itemId: number): ItemRow | null => {
      const s = byId.get(itemId);
      return s ? readable(s) : null;
    },
    list: (engagementId: number): ItemRow[] => ofEngagement.all(engagementId).map(readable),
    /** The items created with this one (one POST): what its mail names. */
    batchOf: (itemId: number): ItemRow[] => sameBatch.all(itemId, itemId).map(readable),
    /** Outstanding items due from `from` to `to`, of engagements whose reminders are not paused. */
    outstandingDue: (from: string, to: string): ItemRow[] => withDue.all(from, to).map(readable),
    engagements: (): number[] => engagementsWithItems.all().map((r) => r.engagementId),
    history: (engagementId: number) =>
      eventsOf.all(engagementId).map((e) => ({ ...e, detail: open(e.detail) })),
    /** Writes a change of the item and its step in the history, in one go. */
    change(item: ItemRow, change: ItemChange, at: string): ItemRow {
      const next: ItemRow = {
        ...item,
        ...change.fields,
        state: change.state ?? item.state,
        note: change.note === undefined ? item.note : change.note,
        reason: change.reason === undefined ? item.reason : change.reason,
        updatedAt: at,
      };
      update.run(
        cipher.encrypt(next.title),
        cipher.encrypt(next.description),
        cipher.encrypt(next.period),
        next.dueOn,
        next.required ? 1 : 0,
        next.state,
        seal(next.note),
        seal(next.reason),
        at,
        item.id,
      );
      event(item.id, at, next.state, change.event);
      return next;
    },
    linkFile: (itemId: number, documentId: string) => void linkFile.run(itemId, documentId),
    /** The file arrived whole: the item it was sent against, once (null for a file sent against none). */
    fileReceived: (documentId: string, at: string): number | null =>
      fileReceived.get(at, documentId)?.itemId ?? null,
    files: (engagementId: number) => filesOf.all(engagementId),
    /** The item a document was sent against, and whether it arrived; null for a document sent against none. */
    linkOf: (documentId: string) => fileLink.get(documentId),
    /** How many other files that arrived answer the item. */
    otherFiles: (itemId: number, documentId: string) =>
      (receivedCount.get(itemId, documentId) as { n: number }).n,
    pause: (engagementId: number, at: string, adminId: number | null) =>
      void pause.run(engagementId, at, adminId),
    resume: (engagementId: number) => void unpause.run(engagementId),
    paused: (engagementId: number) => (paused.get(engagementId) as { n: number }).n > 0,
  };
}

export type ItemsRepo = ReturnType<typeof itemsRepo>;
