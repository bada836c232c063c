/** The content editors' kit as the firm's screens (people, testimonials) use it: lists, controls, load and save. */
export { editorId, useDeleteEntity, useSaveEntity, useStoredEntity } from "./admin-editor";
export { EntryList, EntrySummary } from "./content-list";
/** The dashboard's panel of the site's articles, for every role that may edit them. */
export { ContentPanel } from "./content-panel";
export { EditorActions, EditorHeading, EntryMissing, PublishedToggle, RowActions } from "./editor-controls";
