/**
 * Document requests (issue 48, ADR 295): the list of records staff ask a client for, item by item, with its
 * state, due date and history; the files that answer an item (a document of the documents feature); the
 * reminders sent (one mail per client per day, each item's milestone once); an engagement's paused reminders;
 * and the firm's templates, one list per service, that a new list starts from.
 *
 * An item's title, description, period, the client's note and the reason it was sent back are the client's
 * matter: encrypted (src/db/cipher.ts). Its state and due date are what the desk sorts on: in clear. Everything
 * goes with its engagement (ON DELETE CASCADE), so erasure and retention take the lists with the request.
 */
export const up = `
CREATE TABLE document_request_items (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  engagement_id  INTEGER NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
  title          TEXT    NOT NULL,
  description    TEXT    NOT NULL,
  period         TEXT    NOT NULL,
  due_on         TEXT,
  required       INTEGER NOT NULL CHECK (required IN (0, 1)),
  state          TEXT    NOT NULL CHECK (state IN ('requested', 'provided', 'accepted', 'revision-requested',
                   'unavailable', 'waived', 'withdrawn')),
  note           TEXT,
  reason         TEXT,
  position       INTEGER NOT NULL,
  created_at     TEXT    NOT NULL,
  updated_at     TEXT    NOT NULL
) STRICT;
CREATE INDEX document_request_items_engagement ON document_request_items (engagement_id, position);
CREATE INDEX document_request_items_due ON document_request_items (due_on) WHERE due_on IS NOT NULL;

CREATE TABLE document_request_events (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  item_id    INTEGER NOT NULL REFERENCES document_request_items (id) ON DELETE CASCADE,
  at         TEXT    NOT NULL,
  by         TEXT    NOT NULL CHECK (by IN ('staff', 'client')),
  admin_id   INTEGER REFERENCES admin_users (id) ON DELETE SET NULL,
  action     TEXT    NOT NULL,
  state      TEXT    NOT NULL,
  detail     TEXT
) STRICT;
CREATE INDEX document_request_events_item ON document_request_events (item_id, id);

CREATE TABLE document_request_files (
  item_id      INTEGER NOT NULL REFERENCES document_request_items (id) ON DELETE CASCADE,
  document_id  TEXT    NOT NULL UNIQUE REFERENCES documents (public_id) ON DELETE CASCADE,
  received_at  TEXT,
  PRIMARY KEY (item_id, document_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE document_request_reminders (
  id             INTEGER PRIMARY KEY AUTOINCREMENT,
  engagement_id  INTEGER NOT NULL REFERENCES engagements (id) ON DELETE CASCADE,
  day            TEXT    NOT NULL,
  created_at     TEXT    NOT NULL,
  UNIQUE (engagement_id, day)
) STRICT;

CREATE TABLE document_request_reminder_items (
  reminder_id  INTEGER NOT NULL REFERENCES document_request_reminders (id) ON DELETE CASCADE,
  item_id      INTEGER NOT NULL REFERENCES document_request_items (id) ON DELETE CASCADE,
  milestone    TEXT    NOT NULL CHECK (milestone IN ('3-days-before', '1-day-before', 'due-today', '3-days-after')),
  PRIMARY KEY (item_id, milestone)
) STRICT, WITHOUT ROWID;

CREATE TABLE document_request_pauses (
  engagement_id  INTEGER PRIMARY KEY REFERENCES engagements (id) ON DELETE CASCADE,
  paused_at      TEXT    NOT NULL,
  paused_by      INTEGER REFERENCES admin_users (id) ON DELETE SET NULL
) STRICT, WITHOUT ROWID;

CREATE TABLE document_request_templates (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  service      TEXT    NOT NULL,
  position     INTEGER NOT NULL,
  title        TEXT    NOT NULL,
  description  TEXT    NOT NULL,
  period       TEXT    NOT NULL,
  due_in_days  INTEGER CHECK (due_in_days IS NULL OR due_in_days BETWEEN 0 AND 365),
  required     INTEGER NOT NULL CHECK (required IN (0, 1))
) STRICT;
CREATE INDEX document_request_templates_service ON document_request_templates (service, position);

INSERT INTO document_request_templates (service, position, title, description, period, due_in_days, required) VALUES
  ('asset-map', 1, 'Judgment or order', 'The judgment, order or complaint the search is for, with its case number.', '', 5, 1),
  ('asset-map', 2, 'Known addresses and entities', 'Any addresses, businesses or trusts you already know the subject uses.', '', 5, 0),
  ('transaction-trace', 1, 'Bank statements', 'Every account, every month: the statements as the bank issued them (PDF downloads are best).', '36 months', 10, 1),
  ('transaction-trace', 2, 'Credit card statements', 'Every card in the names under review, every month.', '36 months', 10, 1),
  ('transaction-trace', 3, 'Tax returns', 'Federal and state returns with every schedule and attachment.', '3 years', 10, 1),
  ('transaction-trace', 4, 'Brokerage and retirement statements', 'Every account, quarterly or monthly as issued.', '36 months', 10, 0),
  ('individual-asset-check', 1, 'The person''s full name and last known address', 'As complete as you have it: middle name, former names, dates of birth if known.', '', 3, 1),
  ('record-ready-prep', 1, 'Bank statements', 'Every account, every month: the statements as the bank issued them.', '24 months', 7, 1),
  ('record-ready-prep', 2, 'Tax returns', 'Federal and state returns with every schedule.', '2 years', 7, 1),
  ('record-ready-prep', 3, 'Deeds and titles', 'Deeds for real property, titles for vehicles and vessels.', '', 7, 0),
  ('record-ready-prep', 4, 'Entity papers', 'Formation documents and operating agreements of any business you own a share of.', '', 7, 0);
`;
