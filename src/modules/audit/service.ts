import type { Database } from "bun:sqlite";
import { type AuditQuery, eventsOf, READ_ONLY_EVENTS } from "../../contracts/audit";
import type { DataCipher } from "../../db/cipher";
import type { Sealed } from "../../store";
import type { AuditRecord } from "./model";
import { insertAuditRow, listAudit } from "./repo/audit-log";

/**
 * The one audit writer: every entry any feature records goes through here, so who did it is stored the same
 * way (a signed-in admin's id, username and address, or what a sign-in step or the operator's command knows),
 * and the staff names an entry copies are always sealed by the data cipher (ADR 222), never stored clear.
 */
export function writeAudit(store: { db: Database; cipher?: DataCipher }, entry: AuditRecord): void {
  const { actor, names, ...rest } = entry;
  if (names && !store.cipher) throw new Error("An audit entry that copies staff names needs the data cipher");
  insertAuditRow(
    store.db,
    {
      ...rest,
      userId: actor?.id ?? rest.userId,
      username: actor?.username ?? rest.username,
      clientAddress: actor?.clientAddress ?? rest.clientAddress,
      at: rest.at ?? new Date(),
    },
    names && store.cipher ? store.cipher.encrypt(JSON.stringify(names)) : null,
  );
}

/** How a colleague is named on the page: given by the feature that keeps the accounts (auth). */
export type NameOf = (store: Sealed) => { of(username: string): string };

/**
 * The audit page: a page of entries narrowed by who, what and when, each with the name the team knows its
 * author by (the username stays for the "who" filter).
 */
export function createAuditService(deps: { store: Sealed; names: NameOf }) {
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
      return {
        ...page,
        entries: page.entries.map((e) => ({ ...e, name: e.username === null ? null : names.of(e.username) })),
      };
    },
  };
}
