/** The content editors' kit as the firm's screens (people, testimonials) use it: lists, controls, load and save. */
export { editorId, useDeleteEntity, useSaveEntity, useStoredEntity } from "./admin-editor";
export { EntryList, EntrySummary } from "./content-list";
export { EditorActions, EditorHeading, EntryMissing, PublishedToggle, RowActions } from "./editor-controls";
