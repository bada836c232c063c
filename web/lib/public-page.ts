import { breadcrumbList } from "./json-ld";
import { definePage, type PageComponent, type PageDefinition } from "./lazy-page";

/**
 * A plain public page: a fixed title and description, and a one-level breadcrumb below Home named by the
 * title's first part ("Our Process: ..." is "Our Process").
 */
export const publicPage = (
  component: PageComponent,
  path: string,
  head: { title: string; description: string },
  more: Omit<PageDefinition, "component" | "meta"> = {},
) =>
  definePage({
    component,
    meta: (_, { publicUrl }) => ({
      ...head,
      jsonLd: [breadcrumbList([[head.title.split(":")[0] ?? head.title, path]], publicUrl)],
    }),
    ...more,
  });
