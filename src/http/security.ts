import { Elysia } from "elysia";

/**
 * Headers every response carries. CSP allows scripts and styles from our own origin only: hydration data is
 * a JSON <script> (not executed) and the bootstrap is an external module, so no inline script is needed.
 */
export function securityHeaders(opts: { hsts: boolean; styleHashes?: string[] }): Record<string, string> {
  const headers: Record<string, string> = {
    "content-security-policy": [
      "default-src 'self'",
      "script-src 'self'",
      ["style-src 'self'", ...(opts.styleHashes ?? []).map((h) => `'sha256-${h}'`)].join(" "),
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self'",
      "manifest-src 'self'",
    ].join("; "),
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
    "x-frame-options": "DENY",
  };
  if (opts.hsts) headers["strict-transport-security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

export const securityPlugin = (opts: { hsts: boolean; styleHashes?: string[] }) => {
  const headers = securityHeaders(opts);
  return new Elysia({ name: "security-headers", seed: opts }).onRequest(({ set }) => {
    Object.assign(set.headers, headers);
  });
};
