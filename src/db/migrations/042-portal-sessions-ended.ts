/**
 * A portal session its request's closing ended (ADR 278): it opens nothing more, and is kept until it would have
 * expired so that the client's next action with it is told why (the request is closed) rather than only that
 * the session ended. Sessions the client or a withdrawal ends are still deleted.
 */
export const up = `
ALTER TABLE portal_sessions ADD COLUMN ended_at TEXT;
`;
