import { describe, expect, test } from "bun:test";
import { BODY_MESSAGES } from "../../../src/modules/intake/model";
import { makeTestApp } from "../../helpers/app";
import { formBody, validIntake } from "../../helpers/intake";

/**
 * The intake's refusals that its own tests check by status alone: each body-read refusal says what the client
 * can do about it, the hourly limit comes back as the page to a form posted without JavaScript, and a body sent
 * over the per-minute limit is answered with the limit whatever the body is.
 */
const clock = new Date("2026-03-02T15:00:00.000Z");
const { request, db } = makeTestApp({ TRUST_PROXY: "1" }, { now: () => clock });

let nextAddress = 1;
const freshAddress = () => `198.51.100.${nextAddress++}`;
const count = () => (db.query("SELECT COUNT(*) AS n FROM contact_submissions").get() as { n: number }).n;

function post(
  body: string,
  headers: Record<string, string>,
  address = freshAddress(),
  path = "/api/contact",
) {
  return request(path, {
    method: "POST",
    headers: { "x-forwarded-for": `203.0.113.9, ${address}`, ...headers },
    body,
  });
}
const json = (body: unknown) => JSON.stringify(body);
const JSON_TYPE = { "content-type": "application/json" };
const FORM_PAGE = { "content-type": "application/x-www-form-urlencoded", accept: "text/html" };

describe("a body the intake cannot read is refused with its message, and nothing is stored", () => {
  const cases: [string, () => Promise<Response>, number, string][] = [
    [
      "a type it does not take",
      () => post(json(validIntake(clock)), { "content-type": "text/plain" }),
      415,
      BODY_MESSAGES.contentType,
    ],
    [
      "more than 64 KB",
      () => post(json({ description: "x".repeat(70_000) }), JSON_TYPE),
      413,
      BODY_MESSAGES.tooLarge,
    ],
    ["malformed JSON", () => post('{"name": "Dana",', JSON_TYPE), 400, BODY_MESSAGES.malformedJson],
    ["JSON that is not an object", () => post("[1, 2]", JSON_TYPE), 400, BODY_MESSAGES.notObject],
  ];
  for (const [name, send, status, error] of cases) {
    test(`${name}: ${status}`, async () => {
      const before = count();
      const res = await send();
      expect({ status: res.status, body: await res.json() }).toEqual({ status, body: { error } });
      expect(count()).toBe(before);
    });
  }
});

describe("the limits", () => {
  test("over the per-minute limit, a body that cannot be read gets the 429, not its own refusal", async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++) await post("{}", JSON_TYPE, address);
    const res = await post("not json", { "content-type": "text/plain" }, address);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await res.json()) as { error: string }).error).toContain("Too many requests");
  });

  test("without JavaScript the hourly limit comes back as the page, values kept, and nothing is stored", async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i++)
      expect((await post(json(validIntake(clock)), JSON_TYPE, address)).status).toBe(201);
    const before = count();
    const res = await post(formBody(validIntake(clock)), FORM_PAGE, address, "/contact");
    expect(res.status).toBe(429);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(60);
    const page = await res.text();
    expect(page).toContain("Too many requests");
    expect(page).toContain('value="Dana Whitfield"');
    expect(count()).toBe(before);
  });
});
