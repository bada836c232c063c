import { expect } from "bun:test";
import type { Database } from "../../src/db";
import { createLogger, type Logger } from "../../src/log";

/** A request an attorney would plausibly send, started a minute before `now`. */
export function validIntake(now: Date, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Dana Whitfield",
    firm: "Whitfield & Moss LLP",
    email: "DWhitfield@WhitfieldMoss.example ",
    phone: "(312) 555-0199",
    role: "attorney",
    matterType: "family-law",
    subjectType: "both",
    jurisdictions: "Cook County, IL; Delaware entities",
    desiredService: "asset-map",
    description:
      "Divorce, 2023-DR-004512. Husband reports $180,000 income but bought a lake house through an LLC in 2022. Need a property and entity map before the March deposition.",
    acknowledgment: true,
    website: "",
    formStartTime: now.getTime() - 60_000,
    ...overrides,
  };
}

/** Form-encoded body as a browser sends it: the checkbox is absent unless ticked. */
export function formBody(fields: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (key === "acknowledgment") {
      if (value === true) params.set(key, "true");
      continue;
    }
    params.set(key, String(value));
  }
  return params.toString();
}

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
