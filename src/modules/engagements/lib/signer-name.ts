/**
 * A name as a signature is compared with the name the letter is addressed to: compatibility-decomposed, its
 * accents and other combining marks dropped, its spaces collapsed and lowercased, so "dana  WHITFIELD" signs for
 * Dana Whitfield and "Jose" for José, but another person's name never does.
 */
export function foldedName(name: string): string {
  return name.normalize("NFKD").replace(/\p{M}/gu, "").replace(/\s+/g, " ").trim().toLowerCase();
}

/** Whether the typed name is the addressed signer's, as foldedName compares them. */
export const signsAs = (typed: string, addressed: string) =>
  foldedName(addressed) !== "" && foldedName(typed) === foldedName(addressed);
