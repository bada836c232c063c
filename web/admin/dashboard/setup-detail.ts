/**
 * A setup step's sentence cut into runs of prose and setting names, so that each name the sentence carries is
 * shown once, as code, where it is read (the sentence already names what is missing; no second list repeats it).
 */
export function settingRuns(
  detail: string,
  settings: readonly string[] = [],
): { text: string; code: boolean }[] {
  if (settings.length === 0) return [{ text: detail, code: false }];
  // Longest first, so that a name that begins another is never cut out of it.
  const names = [...settings].sort((a, b) => b.length - a.length).map((n) => n.replace(/[^A-Z0-9_]/g, ""));
  const pattern = new RegExp(`\\b(${names.join("|")})\\b`, "g");
  return detail
    .split(pattern)
    .map((text, i) => ({ text, code: i % 2 === 1 }))
    .filter((r) => r.text !== "");
}
