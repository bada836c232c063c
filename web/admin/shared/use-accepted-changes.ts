import { useEffect, useState } from "react";
import { onAcceptedChange } from "../../lib/api";

/**
 * A count that moves each time the server accepts a change made from this page, by any of its panels: a panel
 * puts it among what its reading depends on, so it shows the new state without a reload (issue 44, "no stale
 * panels": the Monitoring card once the first payment is recorded, the history after any step).
 */
export function useAcceptedChanges(): number {
  const [count, setCount] = useState(0);
  useEffect(() => onAcceptedChange(() => setCount((n) => n + 1)), []);
  return count;
}
