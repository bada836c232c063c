import { definePage, type PageComponent, type RouteParams } from "../../lib/lazy-page";

type Head = { title: string; description: string };

/**
 * An admin screen's page definition: never indexed. `head` may depend on the params (a "New" and an "Edit"
 * screen share one editor) and returns null for params that name nothing (404).
 */
export const adminPage = (component: PageComponent, head: Head | ((params: RouteParams) => Head | null)) =>
  definePage({
    component,
    meta: (params) => {
      const h = typeof head === "function" ? head(params) : head;
      return h && { ...h, noindex: true };
    },
  });

/** The head of an editor reached both as ".../new" (no id) and ".../:id". */
export const editorHead =
  (created: Head, edited: Head) =>
  ({ id }: RouteParams): Head =>
    id === undefined ? created : edited;
