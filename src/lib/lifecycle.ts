import { ConflictError } from "../contracts/errors";
import { type LifecycleAction, type LifecycleState, lifecycleRefusal } from "../contracts/lifecycle";

/**
 * The lifecycle table's answer as the services throw it (ADR 278): nothing when `state` allows `action`, else
 * the domain conflict (answered 409) whose message says why, e.g. "This request is closed, so its letter can no
 * longer be signed." A state that is gone (null) is the caller's not-found, not this.
 */
export function requireAllowed(state: LifecycleState | null, action: LifecycleAction): void {
  if (!state) return;
  const why = lifecycleRefusal(state, action);
  if (why) throw new ConflictError(why);
}
