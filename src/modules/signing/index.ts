/**
 * The signing feature as the others see it. pdf-lib and @signpdf are loaded when a letter is first laid out,
 * stamped or sealed, not at the start (ADR 236): each function below imports its file at its first call.
 */
import type * as Completion from "./lib/completion";
import type * as DocPdf from "./lib/doc-pdf";
import type * as Seal from "./lib/seal";
import type * as Stamp from "./lib/signature-stamp";

export type { SignatureField } from "./lib/doc-pdf";
export type { DocBlock, DocSpec } from "./model";
export { winAnsi } from "./model";
export type { SealingCertificate } from "./service";
export { loadSealingCertificate } from "./service";

export const appendCompletionPage: typeof Completion.appendCompletionPage = async (...args) =>
  (await import("./lib/completion")).appendCompletionPage(...args);
export const layoutPdf: typeof DocPdf.layoutPdf = async (...args) =>
  (await import("./lib/doc-pdf")).layoutPdf(...args);
export const renderPdf: typeof DocPdf.renderPdf = async (...args) =>
  (await import("./lib/doc-pdf")).renderPdf(...args);
export const sealPdf: typeof Seal.sealPdf = async (...args) => (await import("./lib/seal")).sealPdf(...args);
/** Why a seal carries no timestamp although one was asked for (the authority refused or did not answer). */
export const isTimestampError = async (error: unknown) =>
  error instanceof (await import("./lib/timestamp")).TimestampError;
export const stampSignatures: typeof Stamp.stampSignatures = async (...args) =>
  (await import("./lib/signature-stamp")).stampSignatures(...args);
