import { describe, expect, test } from "bun:test";
import { settingRuns } from "./setup-detail";

describe("settingRuns", () => {
  test("each setting the sentence names becomes one code run, in its place", () => {
    expect(
      settingRuns("Set BRAND_ADDRESS and BRAND_LICENCES in the server's environment file.", [
        "BRAND_ADDRESS",
        "BRAND_LICENCES",
      ]),
    ).toEqual([
      { text: "Set ", code: false },
      { text: "BRAND_ADDRESS", code: true },
      { text: " and ", code: false },
      { text: "BRAND_LICENCES", code: true },
      { text: " in the server's environment file.", code: false },
    ]);
  });

  test("a setting the sentence does not name is not added to it", () => {
    expect(
      settingRuns("Set FIRM_VENUE: no letter is sent.", ["FIRM_ARBITRATION_PROVIDER", "FIRM_VENUE"]),
    ).toEqual([
      { text: "Set ", code: false },
      { text: "FIRM_VENUE", code: true },
      { text: ": no letter is sent.", code: false },
    ]);
    expect(settingRuns("Mail is configured.", ["SMTP_URL"])).toEqual([
      { text: "Mail is configured.", code: false },
    ]);
  });

  test("a name inside a longer one is left whole", () => {
    expect(settingRuns("Set BACKUP_DIR_X.", ["BACKUP_DIR"])).toEqual([
      { text: "Set BACKUP_DIR_X.", code: false },
    ]);
  });
});
