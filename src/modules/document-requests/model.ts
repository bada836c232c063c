import * as v from "valibot";

export {
  EditItemBody,
  NewItemsBody,
  ReviseBody,
  TemplateBody,
  UnavailableBody,
} from "../../contracts/document-requests";

export const SubmissionParams = v.object({ id: v.string() });
export const ItemParams = v.object({ id: v.string(), itemId: v.string() });
export const PortalItemParams = v.object({ itemId: v.string() });
export const ServiceParams = v.object({ service: v.string() });
export const PauseBody = v.object({
  paused: v.boolean("Say whether the reminders are paused (true or false)"),
});
