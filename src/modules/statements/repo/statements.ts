import { sha256 } from "../../../lib/hash";
import type { Sealed } from "../../../store";

/** An issued statement as stored, its PDF left sealed until it is read. */
export type StatementRow = {
  id: number;
  engagementId: number;
  submissionId: number;
  number: number;
  fromOn: string | null;
  throughOn: string;
  balanceCents: number;
  replenish: boolean;
  sha256: string;
  issuedAt: string;
};

export type NewStatement = Omit<StatementRow, "id" | "issuedAt" | "sha256"> & {
  entryIds: readonly number[];
  pdf: Uint8Array;
  issuedBy: "staff" | "schedule";
  issuedAt: Date;
};

type Stored = Omit<StatementRow, "replenish"> & { replenish: number };

const COLUMNS = `id, engagement_id AS engagementId, submission_id AS submissionId, number, from_on AS fromOn,
  through_on AS throughOn, balance_cents AS balanceCents, replenish, sha256, issued_at AS issuedAt`;

const read = (row: Stored | null): StatementRow | null => row && { ...row, replenish: row.replenish === 1 };

/** The SQL over the statements table; the PDF is sealed by the data cipher on the way in. */
export function statementsRepo({ db, cipher }: Sealed) {
  const ofEngagement = db.prepare<Stored, [number]>(
    `SELECT ${COLUMNS} FROM statements WHERE engagement_id = ? ORDER BY number DESC`,
  );
  const byId = db.prepare<Stored, [number, number]>(
    `SELECT ${COLUMNS} FROM statements WHERE id = ? AND engagement_id = ?`,
  );
  const byIdOnly = db.prepare<Stored, [number]>(`SELECT ${COLUMNS} FROM statements WHERE id = ?`);
  const stated = db.prepare<{ id: number }, [number]>(
    "SELECT DISTINCT value AS id FROM statements, json_each(statements.entry_ids) WHERE engagement_id = ?",
  );
  const pdf = db.prepare<{ pdf: string }, [number]>("SELECT pdf FROM statements WHERE id = ?");
  const insert = db.prepare<
    { id: number },
    [number, number, number, string | null, string, string, number, number, string, string, string, string]
  >(
    `INSERT INTO statements (engagement_id, submission_id, number, from_on, through_on, entry_ids, balance_cents,
       replenish, pdf, sha256, issued_by, issued_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );

  return {
    /** The engagement's statements, newest first. */
    list: (engagementId: number): StatementRow[] =>
      ofEngagement.all(engagementId).map((r) => read(r) as StatementRow),
    /** One statement, only when it is the engagement's. */
    find: (engagementId: number, id: number): StatementRow | null => read(byId.get(id, engagementId)),
    /** A statement by its id alone: for the mail that names it, never for a reader's request. */
    byId: (id: number): StatementRow | null => read(byIdOnly.get(id)),
    /** Every ledger entry some statement of the engagement has shown. */
    statedEntries: (engagementId: number): Set<number> => new Set(stated.all(engagementId).map((r) => r.id)),
    /** The PDF exactly as it was issued. */
    pdf(id: number): Buffer | null {
      const row = pdf.get(id);
      return row ? Buffer.from(cipher.decrypt(row.pdf), "base64") : null;
    },
    insert(s: NewStatement): number {
      const row = insert.get(
        s.engagementId,
        s.submissionId,
        s.number,
        s.fromOn,
        s.throughOn,
        JSON.stringify(s.entryIds),
        s.balanceCents,
        s.replenish ? 1 : 0,
        cipher.encrypt(Buffer.from(s.pdf).toString("base64")),
        sha256(s.pdf),
        s.issuedBy,
        s.issuedAt.toISOString(),
      );
      return (row as { id: number }).id;
    },
  };
}

export type StatementsRepo = ReturnType<typeof statementsRepo>;
