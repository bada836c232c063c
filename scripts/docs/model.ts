// The document model is shared with the server, which fills the engagement letter at run time.
export type { DocBlock, DocSpec } from "../../src/contracts/document";
