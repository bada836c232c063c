import { SQLiteError } from "bun:sqlite";
import { InvalidError, TooManyRequestsError } from "../../../contracts/errors";
import { MIN_FILL_MS } from "../../../contracts/intake";
import { validateIntake } from "../../../contracts/intake-schema";
import type { ContactSubmissions } from "../../desk";
import { type IntakeLimits, rateLimitMessage } from "./limits";
import { visitSourceOf } from "./visit-source";

/** What became of an intake the service took: discarded as a bot's (answered alike), or filed. */
export type IntakeResult =
  | { kind: "bot"; reason: "honeypot" | "too-fast"; reference: string }
  | { kind: "accepted"; id: number; reference: string };

// No 0/O, 1/I/L, U: a reference read out over the phone cannot be misheard.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A reference such as IR-261121-7KQ3: the day it arrived, then four random characters. */
export function makeReference(at: Date): string {
  const day = at.toISOString().slice(2, 10).replaceAll("-", "");
  const random = crypto.getRandomValues(new Uint8Array(4));
  const tail = [...random].map((b) => ALPHABET[b % ALPHABET.length]).join("");
  return `IR-${day}-${tail}`;
}

/**
 * A bot gets the answer a person would, so it learns nothing: the trap field or a too-quick send.
 *
 * The fill time is measured on one clock. The form sends the visitor's own clock at load and at send
 * (formStartTime, formSentTime): a visitor whose clock runs ahead of ours is a person all the same, and would
 * otherwise look like a form sent before it was opened. Without formSentTime the send is timed by our clock,
 * and a start in our future cannot be judged: it is let through rather than a person's request lost.
 */
export function botReason(
  payload: Record<string, unknown>,
  arrivedAt: number,
): "honeypot" | "too-fast" | null {
  const trap = payload.website;
  if (trap !== undefined && trap !== null && trap !== "") return "honeypot";
  const start = payload.formStartTime;
  if (typeof start !== "number" || !Number.isFinite(start)) return null;
  const sent = payload.formSentTime;
  const onTheirClock = typeof sent === "number" && Number.isFinite(sent);
  const filledMs = (onTheirClock ? sent : arrivedAt) - start;
  if (!onTheirClock && filledMs < 0) return null;
  return filledMs < MIN_FILL_MS ? "too-fast" : null;
}

/**
 * Decides what happens to one intake: a bot's, or accepted and committed (with its e-mails queued in the same
 * transaction) before this returns. Throws an InvalidError for its fields and a TooManyRequestsError
 * over the hourly limit, which names the firm's phone number.
 */
export function submitIntake(
  deps: {
    submissions: ContactSubmissions;
    limits: IntakeLimits;
    mailError: string | null;
    phone: string;
    /** The desk's due time for a request arriving then: stored with it, so no later read computes it. */
    dueAt?: (arrival: Date) => Date;
  },
  input: { payload: Record<string, unknown>; clientKey: string; now: Date; ownHosts?: readonly string[] },
): IntakeResult {
  const arrivedAt = input.now.getTime();
  const bot = botReason(input.payload, arrivedAt);
  if (bot) return { kind: "bot", reason: bot, reference: makeReference(input.now) };

  const result = validateIntake(input.payload);
  if (!result.success) throw new InvalidError(result.errors);

  const retryAfter = deps.limits.acceptWait(input.clientKey, arrivedAt);
  if (retryAfter) throw new TooManyRequestsError(rateLimitMessage(deps.phone, retryAfter), retryAfter);

  const source = visitSourceOf(input.payload, input.ownHosts ?? []);
  for (let attempt = 0; ; attempt++) {
    const reference = makeReference(input.now);
    try {
      const id = deps.submissions.create(result.output, {
        reference,
        submittedAt: input.now.toISOString(),
        respondBy: deps.dueAt?.(input.now).toISOString() ?? null,
        emailError: deps.mailError,
        source,
      });
      deps.limits.accepted(input.clientKey, arrivedAt);
      return { kind: "accepted", id, reference };
    } catch (error) {
      const duplicate = error instanceof SQLiteError && error.code === "SQLITE_CONSTRAINT_UNIQUE";
      if (!duplicate || attempt >= 4) throw error;
    }
  }
}
