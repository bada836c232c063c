/**
 * A `datetime-local` field holds a wall time in the browser's own zone, without one ("2026-11-24T11:40"). These
 * turn an instant into that form and back, so the server always gets an instant with its zone.
 */
const pad = (n: number) => String(n).padStart(2, "0");

/** "2026-11-24T11:40": the instant's minute on this computer's clock. */
export function toLocalInput(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The instant a `datetime-local` value names on this computer's clock (ISO), or null when it names none. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) || toLocalInput(at) !== value ? null : at.toISOString();
}
