import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cookieFrom } from "../helpers/admin";
import { killStarted, runBinary, startBinary } from "../helpers/binary";
import { freePorts } from "../helpers/ports";
import { softAuthenticator } from "../helpers/webauthn";

setDefaultTimeout(60_000);

/**
 * Passkeys on the built executable: the WebAuthn library is loaded at the first ceremony (not at the start) and
 * must be inside the binary. The relying party is PUBLIC_URL's host; the operator's reset-mfa removes the keys.
 */
const dataDir = mkdtempSync(join(tmpdir(), "tracewell-passkeys-"));
afterAll(() => {
  killStarted();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("passkeys in the executable", () => {
  test("added after the password, signed in with alone, and gone after reset-mfa", async () => {
    const port = freePorts(1)[0] as number;
    const origin = `http://localhost:${port}`;
    const server = await startBinary({ dataDir, port, env: { DEMO: "1", PUBLIC_URL: origin } });
    const call = (path: string, body: unknown, cookie?: string) =>
      fetch(`${server.base}${path}`, {
        method: "POST",
        headers: { origin, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });

    const session = cookieFrom(
      await call("/api/admin/login", { username: "admin", password: "tracewell-demo" }),
    );
    const options = await call(
      "/api/admin/account/passkeys/options",
      { password: "tracewell-demo" },
      session,
    );
    expect(options.status).toBe(200);
    const { challenge, rp } = (await options.json()) as { challenge: string; rp: { id: string } };
    expect(rp.id).toBe("localhost");
    const key = softAuthenticator();
    const added = await call(
      "/api/admin/account/passkeys",
      { name: "Desk key", response: key.register({ challenge, origin, rpId: "localhost" }) },
      session,
    );
    expect(added.status).toBe(200);

    const signIn = async () => {
      const opts = await call("/api/admin/login/passkey/options", {});
      const { challenge: c } = (await opts.json()) as { challenge: string };
      return call(
        "/api/admin/login/passkey",
        { response: key.assert({ challenge: c, origin, rpId: "localhost" }) },
        cookieFrom(opts),
      );
    };
    const res = await signIn();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ username: "admin" });

    const reset = await runBinary(["admin", "reset-mfa", "admin"], { env: { DATA_DIR: dataDir } });
    expect(reset).toMatchObject({ code: 0, stderr: "" });
    expect(reset.stdout).toContain("its passkey removed");
    expect((await signIn()).status).toBe(401);
    expect(await server.stop()).toBe(0);
  });
});
