/** The signing feature as the others see it. */

export { appendCompletionPage } from "./lib/completion";
export { layoutPdf, renderPdf, type SignatureField } from "./lib/doc-pdf";
export { sealPdf } from "./lib/seal";
export { stampSignatures } from "./lib/signature-stamp";
export type { DocBlock, DocSpec } from "./model";
export type { SealingCertificate } from "./service";
export { loadSealingCertificate } from "./service";
