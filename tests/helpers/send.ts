export type SendInit = { method?: string; body?: unknown; cookie?: string };

/** One count for every server a test process talks to: no two requests share an address. */
let address = 1;

/**
 * Requests to a started server as the site's own pages send them: same origin, JSON in, the cookie given. Each
 * comes from its own client address through the trusted proxy (the server runs with TRUST_PROXY=1), so a long
 * test never reaches a per-address limit (sign-in, intake). `base` may be read late, once the server started.
 */
export function sender(base: string | (() => string)) {
  return (path: string, init: SendInit = {}) => {
    const origin = typeof base === "string" ? base : base();
    const n = address++;
    return fetch(`${origin}${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: {
        origin,
        "x-forwarded-for": `198.51.${(n >> 8) & 255}.${n & 255}`,
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  };
}
