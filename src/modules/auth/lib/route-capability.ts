import { ADMIN_ROUTE_CAPABILITIES, type Capability } from "../../../contracts/roles";

type Pattern = { method: string; parts: string[]; capability: Capability };

/** Static segments outrank parameters, which outrank a wildcard: how the router itself picks between routes. */
const rank = (part: string) => (part === "*" ? 0 : part.startsWith(":") ? 1 : 2);

const bySpecificity = (a: Pattern, b: Pattern) => {
  for (let i = 0; i < Math.max(a.parts.length, b.parts.length); i++) {
    const d = rank(b.parts[i] ?? "*") - rank(a.parts[i] ?? "*");
    if (d !== 0) return d;
  }
  return b.parts.length - a.parts.length;
};

const segments = (path: string) => path.replace(/\/+$/, "").split("/").filter(Boolean);

/**
 * The capability a request needs, read from the route table (src/contracts/roles.ts) before routing: the gate
 * refuses there, ahead of any body. A request no listed route matches needs `unlisted` (owners only).
 */
export function routeCapabilities(table: Record<string, Capability> = ADMIN_ROUTE_CAPABILITIES) {
  const patterns: Pattern[] = Object.entries(table)
    .map(([key, capability]) => {
      const [method = "", path = ""] = key.split(" ");
      return { method, parts: segments(path), capability };
    })
    .sort(bySpecificity);

  const matches = (p: Pattern, parts: string[]) =>
    p.parts.every(
      (part, i) => part === "*" || (i < parts.length && (part.startsWith(":") || part === parts[i])),
    ) && (p.parts.at(-1) === "*" ? parts.length >= p.parts.length : parts.length === p.parts.length);

  return (method: string, pathname: string): Capability => {
    // HEAD is answered by the GET route.
    const m = method === "HEAD" ? "GET" : method;
    const parts = segments(pathname);
    return patterns.find((p) => p.method === m && matches(p, parts))?.capability ?? "unlisted";
  };
}
