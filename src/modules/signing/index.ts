/** The signing feature as the others see it. */

export type { SealingCertificate } from "./certificate";
export { loadSealingCertificate } from "./certificate";
export { appendCompletionPage } from "./completion";
export type { DocBlock, DocSpec } from "./doc-model";
export { layoutPdf, renderPdf, type SignatureField } from "./doc-pdf";
export { sealPdf } from "./seal";
export { stampSignatures } from "./signature-stamp";
