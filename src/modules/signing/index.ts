/**
 * The signing feature as the others see it. pdf-lib and @signpdf are loaded when a letter is first laid out,
 * stamped or sealed, not at the start (ADR 236): each function below imports its file at its first call.
 */
import type * as Completion from "./completion";
import type * as DocPdf from "./doc-pdf";
import type * as Seal from "./seal";
import type * as Stamp from "./signature-stamp";

export type { SealingCertificate } from "./certificate";
export { loadSealingCertificate } from "./certificate";
export type { DocBlock, DocSpec } from "./doc-model";
export type { SignatureField } from "./doc-pdf";

export const appendCompletionPage: typeof Completion.appendCompletionPage = async (...args) =>
  (await import("./completion")).appendCompletionPage(...args);
export const layoutPdf: typeof DocPdf.layoutPdf = async (...args) =>
  (await import("./doc-pdf")).layoutPdf(...args);
export const renderPdf: typeof DocPdf.renderPdf = async (...args) =>
  (await import("./doc-pdf")).renderPdf(...args);
export const sealPdf: typeof Seal.sealPdf = async (...args) => (await import("./seal")).sealPdf(...args);
export const stampSignatures: typeof Stamp.stampSignatures = async (...args) =>
  (await import("./signature-stamp")).stampSignatures(...args);
