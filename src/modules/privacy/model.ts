export type { Actor } from "../../http/admin-http";

export const utcDate = (at: Date) => at.toISOString().slice(0, 10);

export const addDays = (date: string, n: number) =>
  utcDate(new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000));
