/** A change's audit event: publishing and unpublishing are told apart from an edit ("article.publish"). */
export const changeEvent = (kind: string, before: { published: boolean }, after: { published: boolean }) =>
  `${kind}.${before.published === after.published ? "update" : after.published ? "publish" : "unpublish"}`;
