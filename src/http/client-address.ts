/** What Elysia's `server` offers for finding the peer address; null under app.handle (tests). */
export type PeerAddressSource =
  | { requestIP(request: Request): { address: string } | null }
  | null
  | undefined;

/**
 * The client's address for rate limits and the audit log. Behind a reverse proxy (TRUST_PROXY) it is the
 * last X-Forwarded-For hop: the one our own proxy appended, which a client cannot forge. Earlier hops are
 * whatever the client claimed and are ignored. Without TRUST_PROXY the header is ignored entirely.
 */
export function clientAddress(request: Request, server: PeerAddressSource, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for");
    const last = forwarded?.split(",").at(-1)?.trim();
    if (last) return last;
  }
  return server?.requestIP(request)?.address ?? "unknown";
}

/**
 * The client's address for a request answered before Elysia's context exists (the request log, the fast paths):
 * the server is known only once the app listens, so `attach` hands it the app and `of` asks it then.
 */
export function peerAddresses(trustProxy: boolean) {
  let server: () => PeerAddressSource = () => null;
  return {
    of: (request: Request) => clientAddress(request, server(), trustProxy),
    attach<A extends { server: PeerAddressSource }>(app: A): A {
      server = () => app.server;
      return app;
    },
  };
}
