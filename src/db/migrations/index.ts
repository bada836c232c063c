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
import * as firmProof from "./014-firm-proof";

/**
 * Numbered migrations, applied in order at start. Append only: a released migration is never edited,
 * a change gets a new number.
 */
export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; up: string }> = [
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
  { version: 14, name: "firm-proof", ...firmProof },
];
