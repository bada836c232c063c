import type { Database } from "bun:sqlite";
import { type AuditQuery, eventsOf, READ_ONLY_EVENTS } from "../../contracts/audit";
import { type DataCipher, NO_DATA_KEY } from "../../db/cipher";
import type { Sealed } from "../../store";
import type { AuditRecord } from "./model";
import { insertAuditRow, listAudit } from "./repo/audit-log";

/**
 * The one audit writer: every entry any feature records goes through here, so who did it is stored the same
 * way (a signed-in admin's id, username and address, or what a sign-in step or the operator's command knows),
 * and the staff names an entry copies are always sealed by the data cipher (ADR 222), never stored clear.
 */
export function writeAudit(store: { db: Database; cipher?: DataCipher }, entry: AuditRecord): void {
  const { actor, names, client, ...rest } = entry;
  const given = store.cipher ?? ciphers.get(store.db);
  // A command run without the data key (NO_DATA_KEY) can seal nothing, and no name is read for it.
  const cipher = given === NO_DATA_KEY ? undefined : given;
  if (names && !cipher) throw new Error("An audit entry that copies staff names needs the data cipher");
  const username = actor?.username ?? (client ? CLIENT_USERNAME : rest.username);
  // The author's display name as it is now, kept with the entry: a later change of name leaves it as it was.
  // Only an account's own entries have a name to keep; a failed sign-in's typed username names nobody.
  const known = (actor?.id ?? rest.userId) != null;
  const actorName =
    cipher && username && known && displayNames
      ? displayNames({ db: store.db, cipher }).displayName(username)
      : null;
  const named = actorName ?? (client && cipher ? client.name : null);
  const kept = named ? { ...names, [ACTOR_NAME]: named } : names;
  insertAuditRow(
    store.db,
    {
      ...rest,
      userId: actor?.id ?? rest.userId,
      username,
      clientAddress: actor?.clientAddress ?? client?.clientAddress ?? rest.clientAddress,
      at: rest.at ?? new Date(),
    },
    kept && cipher ? cipher.encrypt(JSON.stringify(kept)) : null,
  );
}

/**
 * How an author's display name is read: the accounts' feature (auth) hands its reader in as it loads, so this
 * feature imports no other, and a module that loads the audit does not load the accounts' routes with it.
 */
type DisplayNames = (store: Sealed) => { displayName(username: string): string | null };
let displayNames: DisplayNames | undefined;
export const readDisplayNamesWith = (reader: DisplayNames) => {
  displayNames = reader;
};

/**
 * The data cipher of each database the audit page reads, so that writers still handing over only the database
 * (auditBy, appendAudit) seal the author's name with their entry too.
 */
const ciphers = new WeakMap<Database, DataCipher>();
export const sealAuditNamesWith = (store: Sealed) => void ciphers.set(store.db, store.cipher);

/** Where an entry keeps its author's name of the time, among the names it seals. */
const ACTOR_NAME = "actorName";
/** The username of an entry the client made in the portal: no account, so the log shows the client's name. */
export const CLIENT_USERNAME = "client (portal)";

/** How a colleague is named on the page: given by the feature that keeps the accounts (auth). */
export type NameOf = (store: Sealed) => { of(username: string): string };

/**
 * The audit page: a page of entries narrowed by who, what and when, each with the name the team knows its
 * author by (the username stays for the "who" filter).
 */
export function createAuditService(deps: {
  store: Sealed;
  names: NameOf;
  referenceOf?: (submissionId: number) => string | null;
}) {
  const { store } = deps;
  return {
    page(query: AuditQuery) {
      const { limit = 50, before, user, area, since, until, views } = query;
      const page = listAudit(store, {
        limit,
        beforeId: before,
        username: user,
        events: area ? eventsOf(area) : undefined,
        hiddenEvents: views ? undefined : [...READ_ONLY_EVENTS],
        since,
        until,
      });
      const names = deps.names(store);
      const references = new Map<number, string | null>();
      // The request an entry is about, by its reference: looked up once per request on the page.
      const referenceOf = (id: unknown) => {
        if (typeof id !== "number" || !deps.referenceOf) return undefined;
        if (!references.has(id)) references.set(id, deps.referenceOf(id));
        return references.get(id) ?? undefined;
      };
      return {
        ...page,
        entries: page.entries.map(({ detail, ...e }) => {
          const { [ACTOR_NAME]: kept, ...facts } = detail ?? {};
          // Entries written before names were kept with them are named as the account is named today.
          const name = typeof kept === "string" ? kept : e.username === null ? null : names.of(e.username);
          const reference = referenceOf(facts.submissionId);
          return {
            ...e,
            detail: detail && Object.keys(facts).length > 0 ? facts : null,
            name,
            ...(reference ? { reference } : {}),
          };
        }),
      };
    },
  };
}
