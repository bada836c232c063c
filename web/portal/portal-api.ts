/** The portal's calls: JSON in and out, the session cookie sent by the browser; errors carry the server's message. */
import type { PortalEngagement } from "../../src/contracts/portal";

export type { PortalEngagement };

export type Answer<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; error: string; fields?: Record<string, string[]> };

export async function portalCall<T>(path: string, body?: unknown): Promise<Answer<T>> {
  const res = await fetch(`/api/portal${path}`, {
    method: body === undefined ? "GET" : "POST",
    credentials: "same-origin",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await res.json().catch(() => ({}))) as { error?: string; errors?: Record<string, string[]> };
  if (res.ok) return { ok: true, data: data as T };
  const fields = data.errors;
  const first = fields ? Object.values(fields).flat()[0] : undefined;
  return { ok: false, status: res.status, error: data.error ?? first ?? "Something went wrong.", fields };
}

export const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: cents % 100 ? 2 : 0 })}`;
