import { CLOSURE_MESSAGES } from "../../../contracts/desk";
import { FieldConflictError, InvalidError, NotFoundError } from "../../../contracts/errors";
import { daysBetween } from "../../../contracts/firm-calendar";
import type { DataStore } from "../../../store";
import { type Actor, auditBy } from "../../audit";
import type { ClosureInput } from "../model";
import type { DueService } from "./due";

/** A date already closed: a conflict whose body names only the field, as the closures form has always read it. */
export class ClosureExistsError extends FieldConflictError {
  override readonly name = "ClosureExistsError";
  constructor() {
    super("date", CLOSURE_MESSAGES.exists);
  }
}

/**
 * The days the firm is closed, as staff add and remove them: within a year back and three ahead, each change
 * audited, and waiting requests' due times moved at once (the due service's closures).
 */
export function createClosuresService(deps: { store: DataStore; due: DueService; now: () => Date }) {
  const { due, now } = deps;
  const audit = (actor: Actor, event: string, detail: Record<string, string>) =>
    auditBy(deps.store.db, actor, event, detail, now());

  return {
    list: () => due.closures.list(),

    add({ date, note }: ClosureInput, actor: Actor) {
      const ahead = daysBetween(due.closures.today(), date);
      if (ahead < -366 || ahead > 3 * 366) {
        throw new InvalidError({ date: [CLOSURE_MESSAGES.range] });
      }
      if (!due.closures.add(date, note)) throw new ClosureExistsError();
      audit(actor, "desk.closure_added", { date });
      return due.closures.list();
    },

    remove(date: string, actor: Actor) {
      if (!due.closures.remove(date)) throw new NotFoundError(CLOSURE_MESSAGES.notFound);
      audit(actor, "desk.closure_removed", { date });
      return due.closures.list();
    },
  };
}
