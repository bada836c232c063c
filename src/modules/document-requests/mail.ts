import type { Config } from "../../config";
import { longDate } from "../../contracts/subscriptions";
import type { DataStore } from "../../store";
import type { PersonOf } from "../desk";
import { engagementFacts, type PortalMailLinks } from "../engagements";
import { composeText, line, type MailMessage } from "../mail";
import { type ItemRow, itemsRepo } from "./repo/items";
import type { Milestone } from "./repo/reminders";
import { remindersRepo } from "./repo/reminders";
import { ITEMS_ADDED_MAIL, REMINDER_MAIL } from "./service";

type QueuedMail = { id: number; kind: string; refId: number | null };
type MailLine = string | ReturnType<typeof line>;

/** How each milestone reads in the reminder, beside the item it is for. */
const MILESTONE_WORDS: Record<Milestone, (dueOn: string) => string> = {
  "3-days-before": (d) => `due in 3 days, on ${longDate(d)}`,
  "1-day-before": (d) => `due tomorrow, ${longDate(d)}`,
  "due-today": () => "due today",
  "3-days-after": (d) => `was due on ${longDate(d)}`,
};

/** An item as a line of the mail: its title, and when it is due if it has a day. */
const itemLine = (i: ItemRow, due: string | null): MailLine =>
  due ? line`- ${i.title} (${due})` : line`- ${i.title}`;

/**
 * The client's two mails about their list: items added (a new list, or more asked for), and the day's reminder
 * of what is due. Each names the items and their days only, never a file or a note, and sends the client to the
 * portal with a link of the mail's own, opening on the list.
 */
export function documentRequestMailRenderers(
  store: DataStore,
  config: Pick<Config, "publicUrl" | "brand" | "intakeNotifyTo">,
  personOf: PersonOf,
  wayIn: PortalMailLinks,
) {
  const host = new URL(config.publicUrl).hostname;
  const items = itemsRepo(store);
  const reminders = remindersRepo(store);
  const facts = engagementFacts(store.db);
  const closing = (mail: QueuedMail, submissionId: number): MailLine[] => [
    "",
    ...wayIn(
      mail,
      submissionId,
      "Send each one from our secure portal, against its item, rather than by email:",
    ),
    "",
    config.brand.name,
  ];

  const added = (mail: QueuedMail): MailMessage | null => {
    const batch = mail.refId === null ? [] : items.batchOf(mail.refId);
    const first = batch[0];
    const e = first ? facts.byId(first.engagementId) : null;
    const person = e ? personOf(e.submissionId) : null;
    // Items withdrawn before the mail went are not asked for any more: the mail names what still is.
    const live = batch.filter((i) => i.state !== "withdrawn" && i.state !== "waived");
    if (!e || !person || live.length === 0) return null;
    const count = live.length === 1 ? "one document" : `${live.length} documents`;
    return {
      to: person.email,
      subject: `${config.brand.name} has asked for ${count} (reference ${person.reference})`,
      ...composeText([
        line`Hello ${person.name},`,
        "",
        `To go on with your engagement, ${config.brand.name} needs the following from you:`,
        "",
        ...live.map((i) => itemLine(i, i.dueOn ? `by ${longDate(i.dueOn)}` : null)),
        ...closing(mail, e.submissionId),
      ]),
      replyTo: config.intakeNotifyTo,
      messageId: `<${person.reference}.requests-${mail.id}@${host}>`,
      inReplyTo: person.thread,
      references: person.thread,
    };
  };

  const reminder = (mail: QueuedMail): MailMessage | null => {
    const r = mail.refId === null ? null : reminders.byId(mail.refId);
    const e = r ? facts.byId(r.engagementId) : null;
    const person = e ? personOf(e.submissionId) : null;
    if (!r || !e || !person) return null;
    // What was provided or waived since the reminder was gathered is left out: the mail asks only for what is due.
    const due = reminders.itemsOf(r.id).flatMap(({ itemId, milestone }) => {
      const i = items.find(r.engagementId, itemId);
      return i?.dueOn && (i.state === "requested" || i.state === "revision-requested")
        ? [itemLine(i, MILESTONE_WORDS[milestone](i.dueOn))]
        : [];
    });
    if (due.length === 0) return null;
    return {
      to: person.email,
      subject: `A reminder of the documents we need (reference ${person.reference})`,
      ...composeText([
        line`Hello ${person.name},`,
        "",
        `A reminder from ${config.brand.name}: we are still waiting for ${due.length === 1 ? "this document" : "these documents"}.`,
        "",
        ...due,
        "",
        "If you do not have one of them, say so against its item in the portal, with a word on where it might be found.",
        ...closing(mail, e.submissionId),
      ]),
      replyTo: config.intakeNotifyTo,
      messageId: `<${person.reference}.requests-reminder-${mail.id}@${host}>`,
      inReplyTo: person.thread,
      references: person.thread,
    };
  };

  return { [ITEMS_ADDED_MAIL]: added, [REMINDER_MAIL]: reminder };
}
