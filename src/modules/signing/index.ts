/** The signing feature as the others see it. */

export type { SealingCertificate } from "./certificate";
export { loadSealingCertificate } from "./certificate";
export { appendCompletionPage } from "./completion";
export type { DocBlock, DocSpec } from "./doc-model";
export { renderPdf } from "./doc-pdf";
export { sealPdf } from "./seal";
