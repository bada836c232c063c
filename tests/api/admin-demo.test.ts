import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { createApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import { openDatabase } from "../../src/db";
import { MANIFEST } from "../../src/generated/assets";
import { DEMO_PASSWORD, DEMO_USERNAME } from "../../src/modules/auth/model";
import { cookieFrom, post, signIn, withCookie } from "../helpers/admin";
import { makeTestApp, ORIGIN } from "../helpers/app";

setDefaultTimeout(30_000);

const { request, dataDir } = makeTestApp({ DEMO: "1" });
const status = async () => (await request("/api/admin/auth/status")).json();
const HINT = { username: DEMO_USERNAME, password: DEMO_PASSWORD };
const change = (cookie: string, currentPassword: string, newPassword: string) =>
  request(
    "/api/admin/account/password",
    withCookie(cookie, post({ currentPassword, newPassword, confirmPassword: newPassword })),
  );

describe("DEMO=1", () => {
  test("seeds the demo admin and the status API offers the hint to signed-out visitors", async () => {
    expect(await status()).toEqual({ authenticated: false, demoCredentials: HINT });
    const cookie = await signIn(request, DEMO_USERNAME, DEMO_PASSWORD);
    expect(await (await request("/api/admin/auth/status", withCookie(cookie))).json()).toEqual({
      authenticated: true,
      username: DEMO_USERNAME,
    });
  });

  test("the sign-in page's HTML never carries the hint (it may be cached)", async () => {
    const html = await (await request("/admin/login")).text();
    expect(html).not.toContain(DEMO_PASSWORD);
  });

  test("the hint goes once the password is changed, and comes back if it is set back", async () => {
    const cookie = await signIn(request, DEMO_USERNAME, DEMO_PASSWORD);
    const res = await change(cookie, DEMO_PASSWORD, "a private passphrase now");
    expect(res.status).toBe(200);
    expect(await status()).toEqual({ authenticated: false });
    const back = await change(cookieFrom(res), "a private passphrase now", DEMO_PASSWORD);
    expect(back.status).toBe(200);
    expect(await status()).toEqual({ authenticated: false, demoCredentials: HINT });
  });

  test("after a restart with a changed password there is no hint and no reset", async () => {
    const cookie = await signIn(request, DEMO_USERNAME, DEMO_PASSWORD);
    expect((await change(cookie, DEMO_PASSWORD, "changed before restart")).status).toBe(200);
    const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, DEMO: "1" });
    const db = openDatabase(join(dataDir, "tracewell.db"));
    const app = createApp({ config, db, manifest: MANIFEST });
    const res = await app.handle(new Request(`${ORIGIN}/api/admin/auth/status`));
    expect(await res.json()).toEqual({ authenticated: false });
    const old = await app.handle(
      new Request(`${ORIGIN}/api/admin/login`, post({ username: DEMO_USERNAME, password: DEMO_PASSWORD })),
    );
    expect(old.status).toBe(401);
    db.close();
  });
});
