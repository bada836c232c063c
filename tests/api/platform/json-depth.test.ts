import { describe, expect, test } from "bun:test";
import { JSON_DEPTH_MESSAGE, MAX_JSON_DEPTH } from "../../../src/http/json-depth";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp, ORIGIN } from "../../helpers/app";
import { validIntake } from "../../helpers/intake";

const ADMIN = { username: "morgan", password: "trace every transfer" };
const { request } = makeTestApp({
  TRUST_PROXY: "1",
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
});

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
let n = 0;
const send = (path: string, body: string, cookie?: string) =>
  request(path, {
    method: "POST",
    headers: {
      origin: ORIGIN,
      "content-type": "application/json; charset=utf-8",
      "x-forwarded-for": `203.0.113.${++n}`,
      ...(cookie ? { cookie } : {}),
    },
    body,
  });

/**
 * A JSON body nested thousands deep cost the server a third of a second to refuse (10 KB sent, signed out) and,
 * past about 20,000 levels, ended in a 500. Every JSON body is now measured as it is read, before any route.
 */
describe("a JSON body nested past the limit", () => {
  for (const depth of [MAX_JSON_DEPTH + 1, 5000, 20_000, 200_000]) {
    test(`${depth} levels: the sign-in, the intake and an admin route answer 400 and say why`, async () => {
      const cookie = await signIn(request, ADMIN.username, ADMIN.password);
      for (const [path, who] of [
        ["/api/admin/login", undefined],
        ["/api/contact", undefined],
        ["/api/admin/articles", cookie],
      ] as const) {
        const res = await send(path, nested(depth), who);
        expect(res.status, path).toBe(400);
        expect(res.headers.get("connection"), path).toBe("close");
        expect(await res.json(), path).toEqual({ error: JSON_DEPTH_MESSAGE });
      }
    });
  }

  test("brackets inside strings do not count, and a body at the limit is read as before", async () => {
    const brackets = `"[{\\"${"[{".repeat(400)}`;
    const intake = await send(
      "/api/contact",
      JSON.stringify({ ...validIntake(new Date()), description: `Ledger lines ${brackets} as written.` }),
    );
    expect(intake.status).toBe(201);
    // At the limit the body reaches the route, whose own check refuses it with its fields.
    const atLimit = await send("/api/admin/login", nested(MAX_JSON_DEPTH));
    expect(atLimit.status).toBe(422);
    expect(await atLimit.json()).toMatchObject({ errors: { username: expect.any(Array) } });
  });

  test("the server answers normally afterwards", async () => {
    const cookie = await signIn(request, ADMIN.username, ADMIN.password);
    const desk = await request("/api/admin/submissions", withCookie(cookie));
    expect(desk.status).toBe(200);
    const made = await request(
      "/api/admin/articles",
      withCookie(
        cookie,
        post({
          title: "Deep Water",
          slug: "deep-water",
          description: "Nesting.",
          content: "# Depth\n\nText.",
        }),
      ),
    );
    expect(made.status).toBeLessThan(300);
  });
});
