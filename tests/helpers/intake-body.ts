/**
 * The intake's JSON body as the public form posts it to /api/contact, with nothing but plain TypeScript: the
 * Bun tests, the Playwright specs (run by Node) and the scripts all build their requests from it.
 */

/** A request an attorney would plausibly send, started a minute before `now`. */
export function validIntake(now: Date, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Dana Whitfield",
    firm: "Whitfield & Moss LLP",
    email: "DWhitfield@WhitfieldMoss.example ",
    phone: "(312) 555-0199",
    role: "attorney",
    matterType: "family-law",
    subjectType: "both",
    jurisdictions: "Cook County, IL; Delaware entities",
    desiredService: "asset-map",
    description:
      "Divorce, 2023-DR-004512. Husband reports $180,000 income but bought a lake house through an LLC in 2022. Need a property and entity map before the March deposition.",
    acknowledgment: true,
    website: "",
    formStartTime: now.getTime() - 60_000,
    ...overrides,
  };
}

/** Form-encoded body as a browser sends it: the checkbox is absent unless ticked. */
export function formBody(fields: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (key === "acknowledgment") {
      if (value === true) params.set(key, "true");
      continue;
    }
    params.set(key, String(value));
  }
  return params.toString();
}
