// What the browser bundle gets for "use-sync-external-store/shim", which wouter imports to support React
// versions without useSyncExternalStore. React 19 has it, and the shim would hand back React's own anyway:
// this saves public pages the shim's fallback code (scripts/build.ts, ADR 011).
export { useSyncExternalStore } from "react";
