/**
 * Template placeholders left in text a client or a reader gets: a bracketed word or words such as
 * "[arbitration provider]" or "[city and state]". A Markdown link's text (`[text](url)`) is not one.
 */
const PLACEHOLDER = /\[[A-Za-z][^[\]\n]{0,80}\](?!\()/g;

export const placeholdersIn = (text: string): string[] => [...text.matchAll(PLACEHOLDER)].map((m) => m[0]);
