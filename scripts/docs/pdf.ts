// The PDF writer runs in the server too (the engagement letter a client signs); the build uses the same one.
export { renderPdf } from "../../src/modules/signing/lib/doc-pdf";
