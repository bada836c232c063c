import type { Database } from "bun:sqlite";
import type { ConsultationPlace } from "../../../contracts/firm";

/**
 * The firm's settings edited in the admin (migration 037): one row per key, its value as JSON. Not encrypted:
 * they are what the firm tells its clients about itself.
 */
export function firmSettingsRepo(db: Database) {
  const read = <T>(key: string): T | null => {
    const row = db
      .query<{ value: string }, [string]>("SELECT value FROM firm_settings WHERE key = ?")
      .get(key);
    return row ? (JSON.parse(row.value) as T) : null;
  };
  const write = (key: string, value: unknown, at: string) =>
    db
      .query(
        `INSERT INTO firm_settings (key, value, updated_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (key) DO UPDATE SET value = ?2, updated_at = ?3`,
      )
      .run(key, JSON.stringify(value), at);
  const remove = (key: string) => db.query("DELETE FROM firm_settings WHERE key = ?").run(key);
  return {
    consultationPlace: () => read<ConsultationPlace>("consultation_place"),
    setConsultationPlace: (place: ConsultationPlace | null, at: string) =>
      place ? write("consultation_place", place, at) : remove("consultation_place"),
  };
}
