import { signCookie, unsignCookie } from "elysia/utils";
import { sessionCookieName } from "../model";

/** One cookie's raw value from a Cookie header; undefined when absent or malformed. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The session cookie (DESIGN.md decision 7): a random id signed with Elysia's cookie signature (HMAC-SHA256 over
 * SESSION_SECRET, newest secret signs, every listed secret verifies); under another `name`, the passkey sign-in's
 * challenge cookie. Text in, text out: the Cookie header a
 * request carried, the Set-Cookie value a response sends; no database and no HTTP objects.
 */
export function sessionCookie(opts: { secrets: string[]; secure: boolean; name?: string }) {
  const { secrets, secure } = opts;
  const name = opts.name ?? sessionCookieName(secure);
  const attributes = (maxAgeSeconds: number) =>
    [`Path=/`, `Max-Age=${maxAgeSeconds}`, "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])].join(
      "; ",
    );
  return {
    name,
    /** The Set-Cookie value that carries this id for `lifetimeMs`. */
    async seal(id: string, lifetimeMs: number): Promise<string> {
      const value = await signCookie(id, secrets[0] ?? null);
      return `${name}=${encodeURIComponent(value)}; ${attributes(Math.floor(lifetimeMs / 1000))}`;
    },
    /** The Set-Cookie value that removes the cookie. */
    clear: () => `${name}=; ${attributes(0)}`,
    /** Whether the Cookie header holds our cookie at all (valid or not). */
    present: (header: string | null) => readCookie(header, name) !== undefined,
    /** The id the Cookie header's cookie carries when one of the secrets signed it, else null. */
    async idIn(header: string | null): Promise<string | null> {
      const raw = readCookie(header, name);
      if (!raw) return null;
      for (const secret of secrets) {
        const id = await unsignCookie(raw, secret).catch(() => false as const);
        if (id) return id;
      }
      return null;
    },
  };
}
