import { expect } from "bun:test";
import type { Database } from "../../src/db";
import { createLogger, type Logger } from "../../src/log";
import { validIntake } from "./intake-body";

export { formBody, validIntake } from "./intake-body";

/** A logger that keeps every line, to assert what reaches (and never reaches) the log. */
export function capturingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  return { logger: createLogger("debug", (l) => lines.push(l)), lines };
}

let visitor = 0;

/**
 * Files an intake through the public API, as the form does, from an address of its own (the app must trust
 * X-Forwarded-For): the per-address limit is never what these tests are about. Its id and reference.
 */
export async function fileIntake(
  app: { request: (path: string, init?: RequestInit) => Promise<Response>; db: Database },
  at: Date,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; reference: string }> {
  visitor++;
  const res = await app.request("/api/contact", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `198.18.${Math.floor(visitor / 250) % 250}.${(visitor % 250) + 1}`,
    },
    body: JSON.stringify(validIntake(at, overrides)),
  });
  expect(res.status).toBe(201);
  const { reference } = (await res.json()) as { reference: string };
  const row = app.db.query("SELECT id FROM contact_submissions WHERE reference = ?").get(reference) as {
    id: number;
  };
  return { id: row.id, reference };
}
