import type { Database } from "bun:sqlite";
import * as initial from "./001-initial";
import * as auth from "./002-auth";
import * as intake from "./003-intake";
import * as resourcesSeed from "./004-resources-seed";
import * as outboxAnyMail from "./005-outbox-any-mail";
import * as dataAtRest from "./006-data-at-rest";
import * as staff from "./007-staff";
import * as privacy from "./008-privacy";
import * as deskClock from "./009-desk-clock";
import * as deskRepliesSources from "./010-desk-replies-sources";
import * as stableIdsStatusChanges from "./011-stable-ids-status-changes";
import * as signInRecords from "./012-sign-in-records";
import * as firstResponse from "./013-first-response";
import * as portalEngagements from "./014-portal-engagements";
import * as deskSearchFacts from "./015-desk-search-facts";
import * as firmProof from "./016-firm-proof";
import * as documents from "./017-documents";
import * as dataKeysInUse from "./018-data-keys-in-use";
import * as builtInArticles from "./019-built-in-articles";
import * as articleRevisions from "./020-article-revisions";
import * as consultations from "./021-consultations";
import * as staffDisplayNames from "./022-staff-display-names";
import * as frozenLetters from "./023-frozen-letters";
import * as portalLinks from "./024-portal-links";
import * as staffNamesEncrypted from "./026-staff-names-encrypted";
import * as idsNeverReused from "./027-ids-never-reused";
import * as firstResponseByEngagementLetter from "./028-first-response-by-engagement-letter";

import * as backupRuns from "./029-backup-runs";
import * as subscriptions from "./030-subscriptions";

import * as monthlyEngagements from "./031-monthly-engagements";

import * as ledger from "./032-ledger";

import * as statements from "./033-statements";

import * as processorPayments from "./034-processor-payments";

import * as staffRoles from "./035-staff-roles";

import * as passkeys from "./036-passkeys";

import * as letterTextAndConsultationPlace from "./037-letter-text-and-consultation-place";

import * as articleAuthors from "./038-article-authors";
import * as paymentsOnce from "./039-payments-once";
import * as ledgerNeverChanged from "./040-ledger-never-changed";
import * as statementFailures from "./041-statement-failures";
import * as portalSessionsEnded from "./042-portal-sessions-ended";

import * as moneyOneRecord from "./043-money-one-record";

import * as dataKeyHolders from "./044-data-key-holders";

import * as keyCopiesAndMailKeyWaits from "./045-key-copies-and-mail-key-waits";

import * as dueTimesBasis from "./046-due-times-basis";
import * as documentRequests from "./047-document-requests";
import * as engagementParties from "./048-engagement-parties";
import * as portalDevicesAndPasskeys from "./049-portal-devices-and-passkeys";
import * as samplePeopleTestimonials from "./050-sample-people-testimonials";
import * as uploadsHeldAndQuarantined from "./051-uploads-held-and-quarantined";
import * as signerAccessCodes from "./052-signer-access-codes";
import * as portalMailLinksPerOutboxRow from "./053-portal-mail-links-per-outbox-row";

/** SQL, or a function for what SQL alone cannot say (rebuilding a table from its stored definition). */
export type Migration = { version: number; name: string; up: string | ((db: Database) => void) };

/**
 * Numbered migrations, applied in order at start, all pending ones in one transaction with foreign keys off
 * (src/db/index.ts migrate()): a migration may rebuild a table others refer to, and ON DELETE CASCADE does not
 * act inside one, so a migration that deletes rows deletes their children itself. Append only: a released
 * migration is never edited, a change gets a new number.
 */
export const MIGRATIONS: ReadonlyArray<Migration> = [
  { version: 1, name: "initial", ...initial },
  { version: 2, name: "auth", ...auth },
  { version: 3, name: "intake", ...intake },
  { version: 4, name: "resources-seed", ...resourcesSeed },
  { version: 5, name: "outbox-any-mail", ...outboxAnyMail },
  { version: 6, name: "data-at-rest", ...dataAtRest },
  { version: 7, name: "staff", ...staff },
  { version: 8, name: "privacy", ...privacy },
  { version: 9, name: "desk-clock", ...deskClock },
  { version: 10, name: "desk-replies-sources", ...deskRepliesSources },
  { version: 11, name: "stable-ids-status-changes", ...stableIdsStatusChanges },
  { version: 12, name: "sign-in-records", ...signInRecords },
  { version: 13, name: "first-response", ...firstResponse },
  { version: 14, name: "portal-engagements", ...portalEngagements },
  { version: 15, name: "desk-search-facts", ...deskSearchFacts },
  { version: 16, name: "firm-proof", ...firmProof },
  { version: 17, name: "documents", ...documents },
  { version: 18, name: "data-keys-in-use", ...dataKeysInUse },
  { version: 19, name: "built-in-articles", ...builtInArticles },
  { version: 20, name: "article-revisions", ...articleRevisions },
  { version: 21, name: "consultations", ...consultations },
  { version: 22, name: "staff-display-names", ...staffDisplayNames },
  { version: 23, name: "frozen-letters", ...frozenLetters },
  { version: 24, name: "portal-links", ...portalLinks },
  { version: 26, name: "staff-names-encrypted", ...staffNamesEncrypted },
  { version: 27, name: "ids-never-reused", ...idsNeverReused },
  { version: 28, name: "first-response-by-engagement-letter", ...firstResponseByEngagementLetter },

  { version: 29, name: "backup-runs", ...backupRuns },
  { version: 30, name: "subscriptions", ...subscriptions },

  { version: 31, name: "monthly-engagements", ...monthlyEngagements },

  { version: 32, name: "ledger", ...ledger },

  { version: 33, name: "statements", ...statements },

  { version: 34, name: "processor-payments", ...processorPayments },

  { version: 35, name: "staff-roles", ...staffRoles },

  { version: 36, name: "passkeys", ...passkeys },

  { version: 37, name: "letter-text-and-consultation-place", ...letterTextAndConsultationPlace },

  { version: 38, name: "article-authors", ...articleAuthors },

  { version: 39, name: "payments-once", ...paymentsOnce },

  { version: 40, name: "ledger-never-changed", ...ledgerNeverChanged },

  { version: 41, name: "statement-failures", ...statementFailures },

  { version: 42, name: "portal-sessions-ended", ...portalSessionsEnded },

  { version: 43, name: "money-one-record", ...moneyOneRecord },

  { version: 44, name: "data-key-holders", ...dataKeyHolders },

  { version: 45, name: "key-copies-and-mail-key-waits", ...keyCopiesAndMailKeyWaits },

  { version: 46, name: "due-times-basis", ...dueTimesBasis },
  { version: 47, name: "document-requests", ...documentRequests },
  { version: 48, name: "engagement-parties", ...engagementParties },
  { version: 49, name: "portal-devices-and-passkeys", ...portalDevicesAndPasskeys },
  { version: 50, name: "sample-people-testimonials", ...samplePeopleTestimonials },
  { version: 51, name: "uploads-held-and-quarantined", ...uploadsHeldAndQuarantined },
  { version: 52, name: "signer-access-codes", ...signerAccessCodes },
  { version: 53, name: "portal-mail-links-per-outbox-row", ...portalMailLinksPerOutboxRow },
];
