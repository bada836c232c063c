import {
  type DocumentRequestState,
  type EditItem,
  DOCUMENT_REQUEST_MESSAGES as M,
  type NewItem,
  OUTSTANDING_STATES,
  type PortalDocumentRequests,
  RECEIVED_STATES,
  type RequestItemFile,
  type RequestItemView,
  type RequestProgress,
  type RequestsOverviewRow,
  type StaffDocumentRequests,
  type StaffRequestItem,
  TEMPLATE_SERVICES,
  type TemplateItem,
  type TemplateService,
  type TemplateView,
  UPLOADABLE_STATES,
} from "../../contracts/document-requests";
import type { DocumentView } from "../../contracts/documents";
import { BadRequestError, ConflictError, InvalidError, NotFoundError } from "../../contracts/errors";
import { addDays } from "../../contracts/firm-calendar";
import type { LifecycleAction } from "../../contracts/lifecycle";
import { serviceById } from "../../contracts/services";
import { requireAllowed } from "../../lib/lifecycle";
import type { DataStore } from "../../store";
import { contactSubmissions, type FirmCalendar } from "../desk";
import { engagementFacts, engagementLifecycle } from "../engagements";
import type { MailOutbox } from "../mail";
import { type ItemChange, type ItemRow, itemsRepo } from "./repo/items";
import { templatesRepo } from "./repo/templates";

/** The client is told of a new list, or of items added to it: ref_id is the first item of those added. */
export const ITEMS_ADDED_MAIL = "document-requests-added";
/** The day's reminder of what is due: ref_id is the reminder (document_request_reminders). */
export const REMINDER_MAIL = "document-requests-reminder";

/** Who acts on an item: a colleague from the desk, or the client from the portal. */
export type ItemActor = { by: "staff"; adminId: number } | { by: "client" };

export type DocumentRequestsDeps = {
  store: DataStore;
  /** The firm's calendar: its today and its business days (the desk's business clock). */
  calendar: FirmCalendar;
  outbox: Pick<MailOutbox, "enqueue" | "wake">;
  /** The engagement's documents as the documents feature lists them: the files an item's answers are. */
  documentsOf: (engagementId: number) => DocumentView[];
  now: () => Date;
};

const isTemplateService = (s: string): s is TemplateService =>
  (TEMPLATE_SERVICES as readonly string[]).includes(s);

/** What stays on the client's list: a withdrawn item is the firm's history, not something asked. */
const asked = (i: ItemRow) => i.state !== "withdrawn" && i.state !== "waived";

/**
 * An engagement's list of requested documents (issue 48, ADR 295): the items staff ask for, each through its
 * states (requested, then provided when a file arrives, then accepted or sent back with a reason; the client may
 * answer that it is unavailable; staff may waive or withdraw it), every change kept in its history. Staff reach
 * it by their request's id, the client by their session's engagement only; the lifecycle table says when either
 * may act (ADR 278). Plain values in, plain results out, refusals thrown.
 */
export function createDocumentRequestsService(deps: DocumentRequestsDeps) {
  const { store, calendar, now } = deps;
  const repo = itemsRepo(store);
  const templates = templatesRepo(store);
  const facts = engagementFacts(store.db);
  const lifecycle = engagementLifecycle(store);
  const submissions = contactSubmissions(store);
  const today = () => calendar.local(now()).date;
  const allowedOr409 = (engagementId: number, action: LifecycleAction) =>
    requireAllowed(lifecycle.ofEngagement(engagementId), action);

  /** The request's engagement; a request that does not exist is not found, one without an engagement a 409. */
  function engagementOf(submissionId: number): { engagementId: number; service: string } {
    const s = submissions.byId(submissionId);
    if (!s) throw new NotFoundError("Not found");
    const e = facts.ofSubmission(submissionId);
    if (!e) throw new ConflictError(M.noEngagement);
    return { engagementId: e.id, service: s.desiredService };
  }

  function requireItem(engagementId: number, itemId: number): ItemRow {
    const item = repo.find(engagementId, itemId);
    if (!item) throw new NotFoundError(M.noItem);
    return item;
  }

  /** An item staff may still change: not accepted, not withdrawn. */
  function requireOpen(item: ItemRow) {
    if (item.state === "accepted") throw new ConflictError(M.accepted);
    if (item.state === "withdrawn") throw new ConflictError(M.withdrawn);
  }

  /** A due date given is the firm's today or later; `field` names it in the answer. */
  function requireFuture(dueOn: string | null | undefined, field: string) {
    const day = today();
    if (dueOn && dueOn < day) throw new InvalidError({ [field]: [M.dueInPast(day)] });
  }

  const overdue = (i: ItemRow, day: string) =>
    i.dueOn !== null && i.dueOn < day && OUTSTANDING_STATES.includes(i.state);

  function progressOf(items: ItemRow[], day: string): RequestProgress {
    const live = items.filter(asked);
    return {
      received: live.filter((i) => RECEIVED_STATES.includes(i.state)).length,
      asked: live.length,
      overdue: live.filter((i) => overdue(i, day)).length,
    };
  }

  /**
   * Each item's files: those sent against it that arrived whole, in the order the documents list them (sent),
   * and those that arrived but wait for their virus scan (ADR 304), marked as being checked.
   */
  function filesByItem(engagementId: number): Map<number, RequestItemFile[]> {
    const links = new Map(repo.files(engagementId).map((f) => [f.documentId, f]));
    if (links.size === 0) return new Map();
    const out = new Map<number, RequestItemFile[]>();
    for (const d of deps.documentsOf(engagementId)) {
      const link = links.get(d.id);
      const checking = d.heldAt !== null;
      if (!link || (link.receivedAt === null && !checking)) continue;
      out.set(link.itemId, [
        ...(out.get(link.itemId) ?? []),
        { id: d.id, name: d.name, size: d.size, receivedAt: link.receivedAt ?? d.heldAt, checking },
      ]);
    }
    return out;
  }

  function viewsOf(engagementId: number): RequestItemView[] {
    const day = today();
    const files = filesByItem(engagementId);
    return repo.list(engagementId).map((i) => ({
      id: i.id,
      title: i.title,
      description: i.description,
      period: i.period,
      dueOn: i.dueOn,
      required: i.required,
      state: i.state,
      note: i.note,
      reason: i.reason,
      overdue: overdue(i, day),
      files: files.get(i.id) ?? [],
    }));
  }

  /** The first business day `days` business days after the firm's today (0: today, or the next business day). */
  function businessDaysAhead(days: number): string {
    let day = today();
    while (!calendar.isBusinessDay(day)) day = addDays(day, 1);
    for (let left = days; left > 0; ) {
      day = addDays(day, 1);
      if (calendar.isBusinessDay(day)) left--;
    }
    return day;
  }

  const fromTemplate = (items: TemplateItem[]): NewItem[] =>
    items.map(({ dueInDays, ...item }) => ({
      ...item,
      dueOn: dueInDays === null ? null : businessDaysAhead(dueInDays),
    }));

  function change(item: ItemRow, c: ItemChange): ItemRow {
    return repo.change(item, c, now().toISOString());
  }

  const staffEvent = (adminId: number, action: string, detail: string | null = null) => ({
    by: "staff" as const,
    adminId,
    action,
    detail,
  });

  return {
    today,
    engagementOf,

    /** The desk's view of a request's list: every item with its files and history, and the template to start from. */
    staffView(submissionId: number): StaffDocumentRequests {
      // A request without an engagement has an empty list, not a refusal: the request page asks on every visit.
      if (!submissions.byId(submissionId)) throw new NotFoundError("Not found");
      if (!facts.ofSubmission(submissionId))
        return {
          engaged: false,
          items: [],
          progress: { received: 0, asked: 0, overdue: 0 },
          remindersPaused: false,
          template: [],
          today: today(),
        };
      const { engagementId, service } = engagementOf(submissionId);
      const history = repo.history(engagementId);
      const items: StaffRequestItem[] = viewsOf(engagementId).map((i) => ({
        ...i,
        history: history.filter((e) => e.itemId === i.id).map(({ itemId: _, ...e }) => e),
      }));
      return {
        engaged: true,
        items,
        progress: progressOf(repo.list(engagementId), today()),
        remindersPaused: repo.paused(engagementId),
        template: isTemplateService(service) ? fromTemplate(templates.of(service)) : [],
        today: today(),
      };
    },

    /**
     * New items on the engagement's list (a new list, or more for one under way), and one mail to the client
     * naming them, queued in the same write.
     */
    add(submissionId: number, items: NewItem[], adminId: number): { ids: number[] } {
      const { engagementId } = engagementOf(submissionId);
      items.forEach((item, i) => {
        requireFuture(item.dueOn, `items.${i}.dueOn`);
      });
      const ids = store.db.transaction(() => {
        allowedOr409(engagementId, "request-documents");
        const ids = repo.add(engagementId, items, now().toISOString(), adminId);
        deps.outbox.enqueue({ kind: ITEMS_ADDED_MAIL, submissionId, refId: ids[0] ?? null });
        return ids;
      })();
      deps.outbox.wake();
      return { ids };
    },

    /** An item's words or due date changed, until it is accepted. */
    edit(submissionId: number, itemId: number, edit: EditItem, adminId: number): void {
      const { engagementId } = engagementOf(submissionId);
      const item = requireItem(engagementId, itemId);
      requireOpen(item);
      requireFuture(edit.dueOn, "dueOn");
      allowedOr409(engagementId, "request-documents");
      const fields = Object.fromEntries(Object.entries(edit).filter(([, x]) => x !== undefined));
      change(item, { fields, event: staffEvent(adminId, "edited") });
    },

    /** An item no longer asked for: kept, with its history, as withdrawn. */
    withdraw(submissionId: number, itemId: number, adminId: number): void {
      const { engagementId } = engagementOf(submissionId);
      const item = requireItem(engagementId, itemId);
      requireOpen(item);
      allowedOr409(engagementId, "request-documents");
      change(item, { state: "withdrawn", event: staffEvent(adminId, "withdrawn") });
    },

    /** What the client sent answers the item. */
    accept(submissionId: number, itemId: number, adminId: number): void {
      const { engagementId } = engagementOf(submissionId);
      const item = requireItem(engagementId, itemId);
      requireOpen(item);
      if (item.state !== "provided") throw new ConflictError(M.notProvided);
      allowedOr409(engagementId, "request-documents");
      change(item, { state: "accepted", reason: null, event: staffEvent(adminId, "accepted") });
    },

    /** What the client sent (or said) does not answer the item: sent back with the reason they read. */
    revise(submissionId: number, itemId: number, reason: string, adminId: number): void {
      const { engagementId } = engagementOf(submissionId);
      const item = requireItem(engagementId, itemId);
      requireOpen(item);
      if (item.state !== "provided" && item.state !== "unavailable") throw new ConflictError(M.notProvided);
      allowedOr409(engagementId, "request-documents");
      change(item, {
        state: "revision-requested",
        reason,
        event: staffEvent(adminId, "revision-requested", reason),
      });
    },

    /** Nothing more is asked for the item (the firm found it elsewhere, or it does not matter now). */
    waive(submissionId: number, itemId: number, adminId: number): void {
      const { engagementId } = engagementOf(submissionId);
      const item = requireItem(engagementId, itemId);
      requireOpen(item);
      if (item.state === "waived") throw new ConflictError(M.waived);
      allowedOr409(engagementId, "request-documents");
      change(item, { state: "waived", event: staffEvent(adminId, "waived") });
    },

    /** The engagement's reminders stop (or start again); what is on the list is unchanged. */
    setRemindersPaused(submissionId: number, paused: boolean, adminId: number): void {
      const { engagementId } = engagementOf(submissionId);
      if (paused) repo.pause(engagementId, now().toISOString(), adminId);
      else repo.resume(engagementId);
    },

    /** The client's list: what is still asked, with its files; withdrawn items are the firm's, not theirs. */
    portalView(engagementId: number): PortalDocumentRequests {
      const items = viewsOf(engagementId).filter((i) => i.state !== "withdrawn");
      return { items, progress: progressOf(repo.list(engagementId), today()) };
    },

    /** The item of the engagement's list, or the 404 for one that is not on it. */
    requireItem: (engagementId: number, itemId: number): void => void requireItem(engagementId, itemId),

    /** The client answers that they do not have it, and why. */
    unavailable(engagementId: number, itemId: number, note: string): void {
      const item = requireItem(engagementId, itemId);
      if (!OUTSTANDING_STATES.includes(item.state)) throw new ConflictError(M.notAskedNow);
      allowedOr409(engagementId, "answer-request");
      change(item, {
        state: "unavailable",
        note,
        event: { by: "client", adminId: null, action: "unavailable", detail: note },
      });
    },

    /**
     * The item a file is being sent against, from its Upload-Metadata (`requestItem`, the id in base64 as tus
     * sends it): one on this engagement's list that still takes files, or the refusal. Null when none is named.
     */
    itemForUpload(engagementId: number, raw: string | undefined): number | null {
      if (raw === undefined) return null;
      if (!/^[1-9]\d{0,15}$/.test(raw)) throw new BadRequestError(M.badItemId);
      const item = requireItem(engagementId, Number(raw));
      if (!UPLOADABLE_STATES.includes(item.state)) throw new ConflictError(M.closedForFiles);
      return item.id;
    },

    /** A file's upload was created against the item: it answers it once it arrives whole. */
    fileStarted(itemId: number, documentId: string): void {
      repo.linkFile(itemId, documentId);
    },

    /**
     * A file arrived whole (and passed its scan): the item it was sent against is provided, unless it was
     * accepted, waived or withdrawn meanwhile. Nothing for a file sent against no item.
     */
    fileReceived(documentId: string): void {
      const at = now().toISOString();
      const itemId = repo.fileReceived(documentId, at);
      const item = itemId === null ? null : repo.byId(itemId);
      if (!item || !UPLOADABLE_STATES.includes(item.state)) return;
      repo.change(
        item,
        { state: "provided", event: { by: "client", adminId: null, action: "provided", detail: null } },
        at,
      );
    },

    /**
     * A file sent against the item was refused by the virus scanner and kept in quarantine (ADR 304): the item's
     * history tells the desk, with the signature's name; the item stays as it was (the file never provided it).
     */
    fileQuarantined(documentId: string, signature: string): void {
      const link = repo.linkOf(documentId);
      const item = link ? repo.byId(link.itemId) : null;
      if (!item) return;
      repo.change(
        item,
        { event: { by: "client", adminId: null, action: "quarantined", detail: signature } },
        now().toISOString(),
      );
    },

    /**
     * The client removed a file that answered an item (they may, until the firm opens it): an item provided by it
     * alone is asked for again; its history says so.
     */
    fileRemoved(documentId: string): void {
      const link = repo.linkOf(documentId);
      const item = link?.receivedAt ? repo.byId(link.itemId) : null;
      if (item?.state !== "provided" || repo.otherFiles(item.id, documentId) > 0) return;
      repo.change(
        item,
        { state: "requested", event: { by: "client", adminId: null, action: "file-removed", detail: null } },
        now().toISOString(),
      );
    },

    /** Every service's template, for the admin's screen. */
    templates(): TemplateView[] {
      return TEMPLATE_SERVICES.map((service) => ({
        service,
        name: serviceById(service).name,
        items: templates.of(service),
      }));
    },

    replaceTemplate(service: string, items: TemplateItem[]): TemplateView {
      if (!isTemplateService(service)) throw new NotFoundError(M.service);
      templates.replace(service, items);
      return { service, name: serviceById(service).name, items: templates.of(service) };
    },

    /** Each engagement's progress, for the desk's list: what is received of what is asked, and what is overdue. */
    overview(): RequestsOverviewRow[] {
      const day = today();
      return repo.engagements().flatMap((engagementId) => {
        const e = facts.byId(engagementId);
        const s = e ? submissions.byId(e.submissionId) : null;
        if (!e || !s) return [];
        return [
          { submissionId: s.id, reference: s.reference, progress: progressOf(repo.list(engagementId), day) },
        ];
      });
    },

    repo,
  };
}

export type DocumentRequestsService = ReturnType<typeof createDocumentRequestsService>;
export type { DocumentRequestState };
