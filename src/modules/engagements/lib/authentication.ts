import { formatDateTime } from "../../../contracts/time-format";
import type { PortalLink } from "../repo/links";

type Event = { kind: string; at: string; ip: string | null };

/** What opened the portal: one link and the openings it made (one for a single-use link). */
type Told = { sent: string; openings: Event[]; singleUse: boolean };

/**
 * The certificate's authentication, told from what was used (ADR 218): each link that opened the portal, when it
 * was emailed, and when and from where it was opened. A single-use link's opening is the `opened` event written
 * with it (same time); any other opening was made by a link emailed before links were single-use, which opened
 * the portal until it expired: it is told with all its openings, under the latest link sent before them (each
 * sending then replaced the link before).
 */
export function certificateAuthentication(
  events: readonly Event[],
  used: readonly Pick<PortalLink, "createdAt" | "usedAt">[],
  timeZone: string,
  /** The address the links were emailed to, as the certificate names it. */
  to = "the client's address",
  /** Who kept a device or added a passkey: the client, or with several parties the signer (ADR 305). */
  who = "the client",
): string {
  return `${linksTold(events, used, timeZone, to)}${waysBackTold(events, who)}`;
}

/**
 * The sessions opened without a new link (ADR 299), which the certificate tells too: on a browser the client
 * kept signed in after a link opened it, or with a passkey added in a session a link opened. Nothing when none.
 */
function waysBackTold(events: readonly Event[], who: string): string {
  const count = (kind: string) => events.filter((ev) => ev.kind === kind).length;
  const times = (n: number) => (n === 1 ? "once" : `${n} times`);
  const device = count("device-opened");
  const passkey = count("passkey-opened");
  const told = [
    device > 0 &&
      `${times(device)} on a browser ${who} chose to keep signed in for 30 days after such a link opened it`,
    passkey > 0 && `${times(passkey)} with a passkey ${who} added in a session such a link opened`,
  ].filter(Boolean);
  return told.length > 0
    ? ` The portal was also opened without a new link, each time bound to this engagement only: ${told.join("; ")}.`
    : "";
}

function linksTold(
  events: readonly Event[],
  used: readonly Pick<PortalLink, "createdAt" | "usedAt">[],
  timeZone: string,
  /** The address the links were emailed to, as the certificate names it. */
  to = "the client's address",
): string {
  const moment = (iso: string) => formatDateTime(iso, timeZone, { seconds: true });
  const where = (ev: Event) => `on ${moment(ev.at)} from ${ev.ip ?? "an unrecorded address"}`;

  const openings = events.filter((ev) => ev.kind === "opened");
  const told: Told[] = [];
  const matched = new Set<Event>();
  for (const link of used) {
    const ev = openings.find((o) => o.at === link.usedAt && !matched.has(o));
    if (!ev) continue;
    matched.add(ev);
    told.push({ sent: link.createdAt, openings: [ev], singleUse: true });
  }
  const before = new Map<string, Event[]>();
  for (const ev of openings.filter((o) => !matched.has(o))) {
    const sent = events.filter((s) => s.kind === "sent" && s.at <= ev.at).at(-1)?.at ?? ev.at;
    before.set(sent, [...(before.get(sent) ?? []), ev]);
  }
  for (const [sent, evs] of before) told.push({ sent, openings: evs, singleUse: false });
  told.sort((a, b) => (a.openings[0]?.at ?? "").localeCompare(b.openings[0]?.at ?? ""));

  const [first] = told;
  if (!first) return `A link emailed to ${to}, opening a portal session bound to this engagement only.`;
  if (told.every((t) => t.singleUse)) {
    const opening = (t: Told) => where(t.openings[0] as Event);
    if (told.length === 1)
      return `The single-use link emailed to ${to} on ${moment(first.sent)}, opened once, ${opening(first)}; it opened a portal session bound to this engagement only.`;
    return `Single-use links emailed to ${to}, each opened once and each opening a portal session bound to this engagement only: ${told
      .map((t) => `the link emailed ${moment(t.sent)}, opened ${opening(t)}`)
      .join("; ")}.`;
  }
  const described = told.map((t) =>
    t.singleUse
      ? `the single-use link emailed ${moment(t.sent)}, opened once, ${where(t.openings[0] as Event)}`
      : `the link emailed ${moment(t.sent)}, opened ${t.openings.length === 1 ? "once" : `${t.openings.length} times`} (${t.openings.map(where).join("; ")}), emailed before links were single-use: it opened the portal each time it was used until it expired`,
  );
  return `Links emailed to ${to}, each opening portal sessions bound to this engagement only: ${described.join("; ")}.`;
}
