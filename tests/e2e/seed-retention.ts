/**
 * Seeds a data folder with intake requests decided 100 days ago (filed through the public API with a clock of
 * then), so a browser test can show the retention dry run on the production binary and its real clock: under
 * the default policy nothing is due, under 30 days the two declined ones are. Run with Bun:
 * `bun tests/e2e/seed-retention.ts <DATA_DIR>`; prints the references as JSON.
 */
import { createApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import { MANIFEST } from "../../src/generated/assets";
import { openDataStore } from "../../src/ops/data-store";
import { validIntake } from "../helpers/intake";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("Usage: bun tests/e2e/seed-retention.ts <DATA_DIR>");

const decided = new Date(Date.now() - 100 * 86_400_000);
const clock = { at: new Date(decided.getTime() - 86_400_000) };
const config = loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: "1", SMTP_URL: "smtp://127.0.0.1:9" });
const store = openDataStore(config, { clock: () => clock.at });
const { db } = store;
const app = createApp({ config, store, manifest: MANIFEST });

const filed: Record<string, string> = {};
const REQUESTS = [
  { key: "declined", fields: { name: "Rowan Declined" } },
  { key: "closed", fields: { name: "Sasha Closed" } },
  { key: "kept", fields: { name: "Tobin Kept" } },
] as const;
let address = 1;
for (const r of REQUESTS) {
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
// Decided a day after they arrived; the one still in review is never deleted by the purge.
const decide = db.query(
  "UPDATE contact_submissions SET status = ?, status_changed_at = ? WHERE reference = ?",
);
decide.run("declined", decided.toISOString(), filed.declined ?? "");
decide.run("closed", decided.toISOString(), filed.closed ?? "");
decide.run("in-review", decided.toISOString(), filed.kept ?? "");
await app.decorator.mailOutbox.stop();
db.close();
process.stdout.write(JSON.stringify(filed));
