import { TOTP } from "otpauth";

/** JSON request init, same-origin as a browser would send it. */
export const post = (body?: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: {
    ...(body === undefined ? {} : { "content-type": "application/json" }),
    origin: "http://localhost:3000",
    "sec-fetch-site": "same-origin",
    ...headers,
  },
  body: body === undefined ? undefined : JSON.stringify(body),
});

/** The "name=value" part of a Set-Cookie header, to send back as a Cookie header. */
export const cookieFrom = (res: Response): string => {
  const header = res.headers.get("set-cookie");
  if (!header) throw new Error(`no Set-Cookie on ${res.status}`);
  return header.split(";")[0]!;
};

type Request = (path: string, init?: RequestInit) => Response | Promise<Response>;

/** Signs in with a password only and returns the session cookie. */
export async function signIn(request: Request, username: string, password: string): Promise<string> {
  const res = await request("/api/admin/login", post({ username, password }));
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookieFrom(res);
}

export const withCookie = (cookie: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string> | undefined), cookie },
});

/** The current code of an authenticator app holding `secret` (base32, spaces allowed). */
export const totpCode = (secret: string, at = Date.now()) =>
  new TOTP({ secret: secret.replace(/\s+/g, ""), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: at,
  });
