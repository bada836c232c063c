import type { DataRequestKind } from "../../../contracts/privacy";
import { forgettingWrite } from "../../../db/forget-deleted";
import type { Sealed } from "../../../store";

export type DataRequestRow = {
  id: number;
  kind: DataRequestKind;
  status: "open" | "completed";
  /** The address while the request is open (decrypted); null once completed. */
  email: string | null;
  emailHash: string;
  receivedAt: string;
  dueAt: string;
  completedAt: string | null;
  intakeCount: number;
  erasedCount: number;
};

const COLUMNS = `id, kind, status, email, email_hash AS emailHash, received_at AS receivedAt, due_at AS dueAt,
  completed_at AS completedAt, intake_count AS intakeCount, erased_count AS erasedCount`;

/**
 * The data_requests table. The address is stored through the data cipher while the request is open; completing
 * a request removes it, keeping only dates, kind, counts and the keyed hash (the table's CHECK insists).
 */
export function dataRequestsRepo({ db, cipher }: Sealed) {
  const insert = db.prepare<{ id: number }, [string, string, string, string, string, number]>(
    `INSERT INTO data_requests (kind, email, email_hash, received_at, due_at, intake_count)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const selectAll = db.prepare<DataRequestRow, []>(
    `SELECT ${COLUMNS} FROM data_requests ORDER BY status = 'completed', due_at, id DESC`,
  );
  const selectOne = db.prepare<DataRequestRow, [number]>(`SELECT ${COLUMNS} FROM data_requests WHERE id = ?`);
  const complete = db.prepare<never, [string, number, number, number]>(
    `UPDATE data_requests SET status = 'completed', email = NULL, completed_at = ?, intake_count = ?,
       erased_count = ? WHERE id = ? AND status = 'open'`,
  );
  const selectOpenDueBy = db.prepare<{ id: number; kind: DataRequestKind; dueAt: string }, [string]>(
    `SELECT id, kind, due_at AS dueAt FROM data_requests WHERE status = 'open' AND due_at <= ? ORDER BY due_at, id`,
  );
  const open = (r: DataRequestRow): DataRequestRow => ({ ...r, email: cipher.decryptNullable(r.email) });

  return {
    create: (r: {
      kind: DataRequestKind;
      email: string;
      receivedAt: string;
      dueAt: string;
      intakeCount: number;
    }): number => {
      const row = insert.get(
        r.kind,
        cipher.encrypt(r.email),
        cipher.emailHash(r.email),
        r.receivedAt,
        r.dueAt,
        r.intakeCount,
      );
      if (!row) throw new Error("Insert returned no row");
      return row.id;
    },
    /** Open requests due by `iso`, soonest first: kind and date only, no address (for the morning digest). */
    openDueBy: (iso: string) => selectOpenDueBy.all(iso),
    /** Open requests first, soonest due first; then completed ones. */
    list: () => selectAll.all().map(open),
    byId: (id: number) => {
      const r = selectOne.get(id);
      return r ? open(r) : null;
    },
    /**
     * Drops the address, and its old ciphertext from the disk once committed; false when the request was not
     * open (completed by someone else meanwhile).
     */
    complete: (id: number, at: string, counts: { intakes: number; erased: number }) =>
      forgettingWrite(db, complete.run(at, counts.intakes, counts.erased, id).changes) > 0,
  };
}

export type DataRequestsRepo = ReturnType<typeof dataRequestsRepo>;
