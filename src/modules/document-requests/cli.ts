import { runDatedCommand } from "../../cli/as-of-flags";
import { DOCUMENT_REMINDERS_HELP } from "../../contracts/commands-help";
import type { DataStore } from "../../store";
import type { ReminderJobs } from "./jobs";

export { DOCUMENT_REMINDERS_HELP };

/**
 * `tracewell document-reminders [--as-of YYYY-MM-DD] [--dry-run]`: the reminders of documents due that a day owes
 * (the firm's today by default), as the server's timer sends them; `--dry-run` lists what would go and writes
 * nothing. A date after the firm's today is refused unless it is a dry run. Returns the exit code.
 */
export function documentRemindersCli(
  args: string[],
  deps: {
    openStore: () => DataStore;
    /** The reminders as the composition root builds them over the store opened (src/compose.ts). */
    remindersOf: (store: DataStore) => Pick<ReminderJobs, "runFor" | "today">;
    io?: Partial<{ stdout: (s: string) => void; stderr: (s: string) => void }>;
  },
): number | Promise<number> {
  return runDatedCommand(args, {
    help: DOCUMENT_REMINDERS_HELP,
    openStore: deps.openStore,
    io: deps.io,
    later: { why: "no reminder is sent before its day", shows: "sent" },
    job: (store) => {
      const jobs = deps.remindersOf(store);
      return {
        today: jobs.today(),
        run: (day, dryRun) => {
          const run = jobs.runFor(day, dryRun);
          if (!run.businessDay)
            return `Document reminders of ${day}: not a business day of the firm, nothing is sent.\n`;
          const lines = run.reminders.map(
            (r) =>
              `request ${r.submissionId}\t${r.items.map((i) => `item ${i.itemId} ${i.milestone}`).join(", ")}`,
          );
          if (lines.length === 0)
            return `Document reminders of ${day}: nothing ${dryRun ? "would be sent" : "new to send"}.\n`;
          return `Document reminders of ${day} ${dryRun ? "would send" : "queued"} ${lines.length} mail${lines.length === 1 ? "" : "s"}${dryRun ? " (nothing was written)" : ""}:\n${lines.join("\n")}\n`;
        },
      };
    },
  });
}
