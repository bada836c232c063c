import { describe, expect, test } from "bun:test";
import { abaValid, findSensitiveData, luhnValid } from "./sensitive-data";

describe("findSensitiveData: refuses", () => {
  const cases: [string, string][] = [
    ["ssn", "Husband's SSN is 123-45-6789, please check."],
    ["ssn", "SSN 123 45 6789"],
    ["ssn", "her social 219.09.9999 appears on the return"],
    ["ssn", "SSN: 123456789"],
    ["ssn", "Social Security No. 078051120 on the W-2"],
    ["ssn", "soc sec #123456789"],
    ["ssn", "(123-45-6789)"],
    ["card", "Pay with 4111 1111 1111 1111 please"],
    ["card", "card 4111-1111-1111-1111"],
    ["card", "4111111111111111"],
    ["card", "Mastercard 5555 5555 5555 4444 exp 09/27"],
    ["card", "Amex 3782 822463 10005"],
    ["card", "378282246310005"],
    ["card", "Discover 6011 1111 1111 1117"],
    ["card", "Visa ending... actually full number 4012888888881881"],
    ["card", "new-style Mastercard 2223003122003222"],
    ["bank", "Wire to routing 021000021 account 123456789012"],
    ["bank", "ABA 011000015, acct 0044556677"],
    ["bank", "Checking: routing number 121000248 / account number 4455667788"],
    ["bank", "Bank of America 026009593 account no. 98765432"],
    ["bank", "account 55512345 at routing 021000021"],
  ];
  for (const [kind, text] of cases) {
    test(`${kind}: ${text}`, () => expect(findSensitiveData(text)).toBe(kind as never));
  }
});

describe("findSensitiveData: lets through what attorneys routinely write", () => {
  const fine = [
    "Call me at 555-010-0142 or (312) 555-0199.",
    "Phone +1 312 555 0199 ext. 204",
    "Phone 3125550199",
    "Hearing set for 2024-03-15; trial 03/15/2025; mediation 3.15.2025.",
    "Marital estate roughly $1,250,000.00; husband claims $48,500 in debts.",
    "Judgment of $2,345,678.90 entered 11/02/2023 remains unpaid.",
    "Case No. 2023-DR-004512 in Cook County Circuit Court.",
    "Docket 1:23-cv-04567-ABC (N.D. Ill.)",
    "Parcel 14-21-106-018-0000 and APN 123-456-789-000 in Maricopa County.",
    "Parcel number 17 09 401 019 0000",
    "Probate case 2024P001234; estate EIN 12-3456789.",
    "We have statements for the checking account at the local bank from 2019 through 2023.",
    "Bank account ending in 4821 shows transfers of $15,000 monthly.",
    "Routing of funds through three LLCs formed in 2021 and 2022.",
    "Invoice 123456789 references wire of $25,000 on 2022-01-05.",
    "Reference 000-00-0000 is a placeholder.",
    "Ticket 900-12-3456 (not an SSN range).",
    "Bates range TW000123456 to TW000124999",
    "Order of 1111 1111 1111 1111 units",
    "Account numbers will be provided through the portal after engagement.",
    "Decedent passed 2024-01-09; will dated 2015-06-30; assets near $3.4M.",
  ];
  for (const text of fine) {
    test(text, () => expect(findSensitiveData(text)).toBeNull());
  }
});

describe("checksums", () => {
  test("Luhn", () => {
    expect(luhnValid("4111111111111111")).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
    expect(luhnValid("79927398713")).toBe(true);
  });
  test("ABA", () => {
    expect(abaValid("021000021")).toBe(true);
    expect(abaValid("011000015")).toBe(true);
    expect(abaValid("021000022")).toBe(false);
    expect(abaValid("991000021")).toBe(false);
    expect(abaValid("000000000")).toBe(false);
  });
});
