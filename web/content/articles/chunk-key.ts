/** The asset manifest's key for a built-in article's body chunk (written by the build, read by the server). */
export const articleChunkKey = (slug: string) => `article:${slug}`;
