/** The documents feature as the others see it. */
export { documentRecords } from "./documents.repo";
