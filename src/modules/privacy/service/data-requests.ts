import { makeZip } from "client-zip";
import { ConflictError, NotFoundError } from "../../../contracts/errors";
import { firmToday, spanOfDays } from "../../../contracts/firm-calendar";
import {
  DATA_REQUEST_DUE_DAYS,
  DATA_REQUEST_MESSAGES,
  type DataRequestCreated,
  type DataRequestItem,
  type DataRequestList,
  daysLeft,
} from "../../../contracts/privacy";
import type { DataStore } from "../../../store";
import { writeAudit } from "../../audit";
import { consultationRecord } from "../../consultation";
import {
  contactSubmissions,
  endedRequests,
  submissionDesk,
  submissionReplies,
  submissionResponses,
} from "../../desk";
import { documentRequestRecord } from "../../document-requests";
import { documentExport, type ExportedFile } from "../../documents";
import { engagementRecord } from "../../engagements";
import { mailOutboxRepo } from "../../mail";
import { forgetProcessorPayer, processorPaymentsOf } from "../../payments";
import type { Actor, DataRequestInput } from "../model";
import { type DataRequestRow, dataRequestsRepo } from "../repo/data-requests";
import { createErasure } from "./erasure";
import { exportHtml, personFacing } from "./export-document";

/**
 * Data-rights requests (access, correction, deletion, opt-out): recorded with a due date 30 days out, matched
 * to every intake from the same address through the keyed hash, exported as one JSON file, erased with a
 * receipt per intake, and completed. Every step is in the audit log, by id and counts, never the address.
 */
export function createDataRequests(deps: {
  store: DataStore;
  dataDir: string;
  now: () => Date;
  /** The firm's time zone: an export is named by the firm's day, and its document's times are the firm's. */
  timeZone: string;
  /** The firm's name, as the export's document names who holds the data. */
  firm: string;
}) {
  const { store } = deps;
  const { db } = store;
  const { now } = deps;
  const repo = dataRequestsRepo(store);
  const submissions = contactSubmissions(store);
  const desk = submissionDesk(store);
  const outbox = mailOutboxRepo(store);
  const replies = submissionReplies(store);
  const responses = submissionResponses(db);
  const ended = endedRequests(db);
  const erasure = createErasure(store);

  const audit = (
    actor: Actor,
    event: string,
    detail: Record<string, string | number | boolean | null>,
    at = now(),
  ) => writeAudit(store, { event, actor, detail, at });

  /** The request while it is open, with its address; refused when there is none or it is completed. */
  const openRequest = (id: number): DataRequestRow & { email: string } => {
    const request = repo.byId(id);
    if (!request) throw new NotFoundError(DATA_REQUEST_MESSAGES.notFound);
    if (request.status !== "open" || request.email === null)
      throw new ConflictError(DATA_REQUEST_MESSAGES.completed);
    return { ...request, email: request.email };
  };

  const toItem = (r: DataRequestRow, at: Date): DataRequestItem => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    email: r.status === "open" ? r.email : null,
    receivedAt: r.receivedAt,
    dueAt: r.dueAt,
    daysLeft: r.status === "open" ? daysLeft(r.dueAt, at) : null,
    completedAt: r.completedAt,
    intakeCount: r.status === "open" && r.email ? submissions.idsByEmail(r.email).length : r.intakeCount,
  });

  /** Deletes the intakes and completes the request in one transaction, a receipt per intake. */
  const eraseNow = db.transaction((request: DataRequestRow & { email: string }, actor: Actor, at: Date) => {
    const intakes = ended.intakeFacts(submissions.idsByEmail(request.email));
    const erased = erasure.erase(
      intakes,
      {
        event: "data_request.intake_erased",
        rule: `data-rights request ${request.id} (deletion)`,
        actor,
        detail: { dataRequestId: request.id },
      },
      at,
    ).length;
    // The processor's payments no request holds keep no address of theirs (those recorded went with the request).
    const payments = forgetProcessorPayer(store, request.email);
    // Completed by someone else meanwhile: throwing rolls the erasures back, and the admin is told so (409).
    if (!repo.complete(request.id, at.toISOString(), { intakes: intakes.length, erased })) {
      throw new ConflictError(DATA_REQUEST_MESSAGES.completed);
    }
    audit(
      actor,
      "data_request.completed",
      { dataRequestId: request.id, kind: request.kind, intakes: intakes.length, erased, payments },
      at,
    );
    return { erased, references: intakes.map((i) => i.reference) };
  });

  return {
    create(input: DataRequestInput, actor: Actor): DataRequestCreated {
      const { email, kind } = input;
      const received = now();
      const dueAt = new Date(received.getTime() + spanOfDays(DATA_REQUEST_DUE_DAYS)).toISOString();
      const intakes = ended.intakeFacts(submissions.idsByEmail(email));
      const id = repo.create({
        kind,
        email,
        receivedAt: received.toISOString(),
        dueAt,
        intakeCount: intakes.length,
      });
      audit(
        actor,
        "data_request.created",
        { dataRequestId: id, kind, intakes: intakes.length, dueAt },
        received,
      );
      return { id, dueAt, references: intakes.map((i) => i.reference) };
    },

    list(): DataRequestList {
      const at = now();
      return { items: repo.list().map((r) => toItem(r, at)) };
    },

    /**
     * Every intake from the address with every field, its notes, the desk's replies to the requester, the
     * responses recorded as made another way, its mail, its engagement (the signed PDF as base64), its
     * consultations (each booking, move and cancel), the documents asked of them (each item and its history) and the
     * documents either side sent (name, size, SHA-256, direction, times, and where the file is in the archive),
     * as a document the person reads (HTML) and the same facts as JSON, without the server's machinery (ADR 301);
     * with them in one ZIP archive, the decrypted documents themselves, streamed (ADR 180).
     */
    exportArchive(id: number, actor: Actor): { archive: ReadableStream<Uint8Array>; filename: string } {
      const request = openRequest(id);
      const at = now();
      const files: ExportedFile[] = [];
      const intakes = submissions.idsByEmail(request.email).flatMap((intakeId) => {
        const submission = desk.byId(intakeId);
        if (!submission) return [];
        const documents = documentExport(store, deps.dataDir, submission);
        files.push(...documents.files);
        return [
          {
            submission,
            notes: desk.notes(intakeId),
            replies: replies.forSubmission(intakeId),
            responses: responses.forSubmission(intakeId),
            mail: outbox.forSubmission(intakeId),
            engagement: engagementRecord(store, intakeId),
            consultations: consultationRecord(store, intakeId),
            documents: documents.records,
            documentRequests: documentRequestRecord(store, intakeId),
          },
        ];
      });
      // Their payments as the processor reported them, recorded on a request or waiting for staff (ADR 285).
      const payments = processorPaymentsOf(store, request.email, submissions.idsByEmail(request.email));
      audit(actor, "data_request.exported", { dataRequestId: request.id, intakes: intakes.length }, at);
      // The person's copy, never the server's rows: no outbox ids, attempts, retry times or hashes (issue 45).
      const document = personFacing({
        exportedAt: at.toISOString(),
        request: {
          kind: request.kind,
          email: request.email,
          receivedAt: request.receivedAt,
          dueAt: request.dueAt,
        },
        intakes,
        payments,
      }) as Parameters<typeof exportHtml>[0];
      const name = `data-request-${request.id}-${firmToday(at, deps.timeZone)}`;
      const html = {
        name: `${name}.html`,
        lastModified: at,
        input: exportHtml(document, { firm: deps.firm, timeZone: deps.timeZone }),
      };
      const json = {
        name: `${name}.json`,
        lastModified: at,
        input: `${JSON.stringify(document, null, 2)}\n`,
      };
      return { archive: makeZip([html, json, ...files]), filename: `${name}.zip` };
    },

    /** Erases a deletion request's intakes and completes it; answers what was erased and the request now. */
    erase(id: number, actor: Actor) {
      const open = openRequest(id);
      if (open.kind !== "deletion") throw new ConflictError(DATA_REQUEST_MESSAGES.eraseOnlyDeletion);
      const at = now();
      const result = eraseNow.immediate(open, actor, at);
      erasure.afterCommit();
      const request = repo.byId(open.id);
      return { ...result, request: request && toItem(request, at) };
    },

    /** Completes a request of any kind but deletion (which completes by erasing); answers the request now. */
    complete(id: number, actor: Actor) {
      const request = openRequest(id);
      if (request.kind === "deletion") throw new ConflictError(DATA_REQUEST_MESSAGES.completeNotDeletion);
      const at = now();
      const intakes = submissions.idsByEmail(request.email).length;
      if (!repo.complete(request.id, at.toISOString(), { intakes, erased: 0 }))
        throw new ConflictError(DATA_REQUEST_MESSAGES.completed);
      audit(actor, "data_request.completed", { dataRequestId: request.id, kind: request.kind, intakes }, at);
      // The request's own address is gone now too.
      erasure.afterCommit();
      const done = repo.byId(request.id);
      return { request: done && toItem(done, at) };
    },
  };
}

export type DataRequests = ReturnType<typeof createDataRequests>;
