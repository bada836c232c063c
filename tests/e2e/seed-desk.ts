/**
 * Seeds a data folder with intake requests filed in the past (through the public API, with a clock of then),
 * so a browser test can show the production binary, on its real clock, with overdue and answered requests.
 * Run with Bun: `bun tests/e2e/seed-desk.ts <DATA_DIR>`; prints the references as JSON.
 */
import { createApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import { MANIFEST } from "../../src/generated/assets";
import { openDataStore } from "../../src/ops/data-store";
import { validIntake } from "../helpers/intake";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("Usage: bun tests/e2e/seed-desk.ts <DATA_DIR>");

const clock = { at: new Date() };
// A mail server that refuses connections: the intakes' e-mails fail once and show on the dashboard.
const config = loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "1", SMTP_URL: "smtp://127.0.0.1:9" });
const store = openDataStore(config, { clock: () => clock.at });
const { db } = store;
const app = createApp({ config, store, manifest: MANIFEST });

const filed: Record<string, string> = {};
const REQUESTS = [
  {
    key: "overdue",
    at: "2026-01-05T15:00:00Z",
    fields: { name: "Avery Overdue", desiredService: "asset-map" },
  },
  {
    key: "answered",
    at: "2026-01-06T15:00:00Z",
    fields: { name: "Blake Answered", desiredService: "transaction-trace" },
  },
] as const;
let address = 1;
for (const r of REQUESTS) {
  clock.at = new Date(r.at);
  const res = await app.handle(
    new Request("http://localhost:3000/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `192.0.2.${address++}` },
      body: JSON.stringify(validIntake(clock.at, r.fields)),
    }),
  );
  if (res.status !== 201) throw new Error(`intake answered ${res.status}`);
  filed[r.key] = ((await res.json()) as { reference: string }).reference;
}
// Answered by phone two business hours after it arrived.
db.query(
  "UPDATE contact_submissions SET first_response_at = '2026-01-06T17:00:00.000Z', first_response_by = 'call', status = 'in-review' WHERE reference = ?",
).run(filed.answered ?? "");
// The answered request is engaged and its report is out: the client's notice fails like the rest, and the
// dashboard names it by its label, not the outbox's name for it.
const answered = db
  .query("SELECT id FROM contact_submissions WHERE reference = ?")
  .get(filed.answered ?? "") as {
  id: number;
};
const { id: engagementId } = db
  .query(
    `INSERT INTO engagements (submission_id, scope, fee_cents, fee_kind, turnaround_business_days, status,
       created_at, updated_at) VALUES (?, ?, 350000, 'flat', 5, 'engaged', ?, ?) RETURNING id`,
  )
  .get(
    answered.id,
    store.cipher.encrypt("A sourced map of assets."),
    clock.at.toISOString(),
    clock.at.toISOString(),
  ) as {
  id: number;
};
app.decorator.mailOutbox.enqueue({
  kind: "documents-report-ready",
  submissionId: answered.id,
  refId: engagementId,
});
await app.decorator.mailOutbox.runOnce();
await app.decorator.mailOutbox.stop();
db.close();
process.stdout.write(JSON.stringify(filed));
