/** The data folder's folder of uploaded images and files (content, firm), held whole by every backup. */
export const UPLOADS_DIR = "uploads";
/** The portal's sealed documents (ADR 145): a backup holds them as they are stored, still sealed. */
export const DOCUMENTS_DIR = "documents";
