/**
 * Judgment Intel as a subscription (issue 29, ADRs 246 and 247). One row per engagement: its state, its terms
 * and the two calendars it runs on (an anchor and a count each, see src/modules/subscriptions/model.ts). The
 * subjects are names, kept encrypted as every name is. Each month's charge and each sweep owed is a row of its
 * own, unique by the date it begins or falls on, so a job run twice raises nothing twice. The events record who
 * paused, resumed or cancelled and when: the mail the outbox renders later says that change and not a later one.
 * Everything goes with the engagement.
 */
export const up = `
CREATE TABLE subscriptions (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  engagement_id     INTEGER NOT NULL UNIQUE REFERENCES engagements (id) ON DELETE CASCADE,
  submission_id     INTEGER NOT NULL REFERENCES contact_submissions (id) ON DELETE CASCADE,
  subjects          TEXT    NOT NULL,
  cadence           TEXT    NOT NULL CHECK (cadence IN ('quarterly', 'monthly')),
  monthly_cents     INTEGER NOT NULL CHECK (monthly_cents > 0),
  state             TEXT    NOT NULL CHECK (state IN ('pending', 'active', 'paused', 'cancelling', 'ended')),
  signed_on         TEXT,
  paid_on           TEXT,
  started_on        TEXT,
  bill_anchor_on    TEXT,
  bill_months       INTEGER NOT NULL DEFAULT 0,
  sweep_anchor_on   TEXT,
  sweep_count       INTEGER NOT NULL DEFAULT 0,
  paused_on         TEXT,
  cancel_notice_on  TEXT,
  ends_on           TEXT,
  created_at        TEXT    NOT NULL,
  updated_at        TEXT    NOT NULL
) STRICT;
CREATE INDEX subscriptions_submission ON subscriptions (submission_id);

CREATE TABLE subscription_charges (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  subscription_id  INTEGER NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  from_on          TEXT    NOT NULL,
  to_on            TEXT    NOT NULL,
  amount_cents     INTEGER NOT NULL CHECK (amount_cents > 0),
  paid_cents       INTEGER NOT NULL DEFAULT 0 CHECK (paid_cents >= 0 AND paid_cents <= amount_cents),
  raised_at        TEXT    NOT NULL,
  UNIQUE (subscription_id, from_on)
) STRICT;

CREATE TABLE subscription_sweeps (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  subscription_id  INTEGER NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  nominal_on       TEXT    NOT NULL,
  due_on           TEXT    NOT NULL,
  delivered_at     TEXT,
  raised_at        TEXT    NOT NULL,
  UNIQUE (subscription_id, nominal_on)
) STRICT;
CREATE INDEX subscription_sweeps_owed ON subscription_sweeps (due_on) WHERE delivered_at IS NULL;

CREATE TABLE subscription_events (
  id               INTEGER PRIMARY KEY AUTOINCREMENT,
  subscription_id  INTEGER NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  kind             TEXT    NOT NULL CHECK (kind IN ('started', 'paused', 'resumed', 'cancelled', 'ended')),
  actor            TEXT    NOT NULL CHECK (actor IN ('client', 'staff', 'schedule')),
  on_date          TEXT    NOT NULL,
  at               TEXT    NOT NULL
) STRICT;
CREATE INDEX subscription_events_subscription ON subscription_events (subscription_id);
`;
