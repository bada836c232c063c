import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { StaffInvitation, StaffOverview } from "../../src/contracts/staff";
import { cookieFrom } from "../helpers/admin";
import { binaryEnv, killStarted, runBinary, startBinary } from "../helpers/binary";
import { filesUnder, scanForMarkers } from "../helpers/byte-scan";
import { previousVersionDatabase } from "../helpers/earlier-version";
import { marker } from "../helpers/markers";
import { TEST_HASH } from "../helpers/password-cost";
import { freePorts } from "../helpers/ports";
import { sender } from "../helpers/send";

setDefaultTimeout(60_000);

/**
 * Staff display names are personal data like every other name: an account's, an invitation's (the colleague's
 * and the inviter's), and those an audit entry copies (a name change, who invited whom) are on no disk in the
 * clear, in the data folder or a backup, while the screens show them. A data folder of an earlier version,
 * which stored them in clear, keeps no clear copy after its first start, and its old entries keep their names.
 */
const OWNER = { username: "morgan", password: "trace every transfer" };
const ALEX = { username: "alex", password: "maps of every asset" };
const SETTINGS = {
  ADMIN_USERNAME: OWNER.username,
  ADMIN_PASSWORD: OWNER.password,
  REQUIRE_MFA: "false",
  TRUST_PROXY: "1",
  LOG_LEVEL: "warn",
};
const [PORT_FRESH = 0, PORT_UPGRADE = 0] = freePorts(2);
const dirs: string[] = [];
afterAll(() => {
  killStarted();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "tracewell-staff-names-"));
  dirs.push(dir);
  return dir;
};

type AuditPage = { entries: { event: string; detail: Record<string, unknown> | null }[] };
const tokenOf = (i: StaffInvitation) => i.link?.match(/#([A-Za-z0-9_-]+)$/)?.[1] ?? "";

/** A backup taken while the server runs, and every file under the data folder: neither holds a marker. */
async function expectNoMarkerOnDisk(root: string, dataDir: string, port: number, markers: string[]) {
  expect(scanForMarkers([dataDir], markers)).toEqual([]);
  const target = join(root, "backups", "copy.db");
  const backup = await runBinary(["backup", target], { env: binaryEnv(dataDir, port, SETTINGS) });
  expect(backup.code).toBe(0);
  const files = filesUnder(join(root, "backups"));
  expect(files.length).toBeGreaterThan(0);
  expect(scanForMarkers(files, markers)).toEqual([]);
}

describe("staff display names on disk", () => {
  test("an account's, an invitation's and a name change's names are nowhere in the clear", async () => {
    const root = freshDir();
    const dataDir = join(root, "data");
    const names = {
      owner: `Morgan ${marker("Owner")}`,
      invitee: `Alex ${marker("Invitee")}`,
      renamed: `Alex ${marker("Renamed")}`,
      pending: `Pat ${marker("Pending")}`,
    };
    const server = await startBinary({ dataDir, port: PORT_FRESH, env: SETTINGS });
    const send = sender(server.base);
    const login = async (who: typeof OWNER) =>
      cookieFrom(
        await send("/api/admin/login", { body: { username: who.username, password: who.password } }),
      );
    const owner = await login(OWNER);
    const named = async (cookie: string, displayName: string) =>
      expect(
        (await send("/api/admin/staff/me", { method: "PUT", body: { displayName }, cookie })).status,
      ).toBe(200);
    const invite = async (email: string, name: string) => {
      const res = await send("/api/admin/staff/invitations", { body: { email, name }, cookie: owner });
      expect(res.status).toBe(201);
      return (await res.json()) as StaffInvitation;
    };

    await named(owner, names.owner);
    const invitation = await invite("alex@tracewell.example", names.invitee);
    expect(invitation).toMatchObject({ name: names.invitee, invitedBy: names.owner });
    const joined = await send("/api/admin/staff-invitation/accept", {
      body: { token: tokenOf(invitation), ...ALEX, confirmPassword: ALEX.password },
    });
    expect(joined.status).toBe(201);
    await named(cookieFrom(joined), names.renamed);
    const pending = await invite("pat@tracewell.example", names.pending);

    // The screens show every name.
    const staff = (await (await send("/api/admin/staff", { cookie: owner })).json()) as StaffOverview;
    expect(staff.members.map((m) => m.displayName).sort()).toEqual([names.renamed, names.owner].sort());
    expect(staff.invitations).toMatchObject([{ name: names.pending, invitedBy: names.owner }]);
    const preview = await send("/api/admin/staff-invitation", { body: { token: tokenOf(pending) } });
    expect(await preview.json()).toMatchObject({ name: names.pending, invitedBy: names.owner });
    const audit = (await (await send("/api/admin/audit?limit=100", { cookie: owner })).json()) as AuditPage;
    const changes = audit.entries.filter((e) => e.event === "staff.name_changed").map((e) => e.detail);
    expect(changes).toEqual([
      { from: names.invitee, to: names.renamed },
      { from: null, to: names.owner },
    ]);
    expect(audit.entries.find((e) => e.event === "staff.invitation_accepted")?.detail).toMatchObject({
      invitedBy: names.owner,
    });

    await expectNoMarkerOnDisk(root, dataDir, PORT_FRESH, Object.values(names));
    expect(await server.stop()).toBe(0);
    expect(scanForMarkers([dataDir], Object.values(names))).toEqual([]);
  });

  test("an earlier version's clear names are encrypted at the first start, and old entries keep theirs", async () => {
    const root = freshDir();
    const dataDir = join(root, "data");
    mkdirSync(dataDir);
    const names = {
      owner: `Morgan ${marker("OldOwner")}`,
      invitee: `Pat ${marker("OldInvitee")}`,
      before: `Alex ${marker("OldBefore")}`,
      after: `Alex ${marker("OldAfter")}`,
    };
    const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
    const at = new Date();
    // The last schema before display names were encrypted, filled as that version stored them: in clear.
    previousVersionDatabase(
      join(dataDir, "tracewell.db"),
      (db) => {
        const owner = db
          .query(
            `INSERT INTO admin_users (username, password_hash, created_at, display_name) VALUES (?, ?, ?, ?)
             RETURNING id`,
          )
          .get(
            OWNER.username,
            Bun.password.hashSync(OWNER.password, TEST_HASH),
            at.toISOString(),
            names.owner,
          ) as {
          id: number;
        };
        db.query(
          `INSERT INTO staff_invitations (email, display_name, token_hash, invited_by, invited_by_name, created_at,
             expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          "pat@tracewell.example",
          names.invitee,
          new Bun.CryptoHasher("sha256").update(token).digest("hex"),
          owner.id,
          names.owner,
          at.toISOString(),
          new Date(at.getTime() + 72 * 3600_000).toISOString(),
        );
        const entry = db.query(
          "INSERT INTO audit_log (at, event, user_id, username, client_address, detail) VALUES (?, ?, ?, ?, ?, ?)",
        );
        entry.run(
          at.toISOString(),
          "staff.invitation_accepted",
          owner.id,
          OWNER.username,
          "198.51.100.7",
          JSON.stringify({ invitationId: 7, invitedBy: names.owner }),
        );
        entry.run(
          at.toISOString(),
          "staff.name_changed",
          owner.id,
          OWNER.username,
          "198.51.100.7",
          JSON.stringify({ from: names.before, to: names.after }),
        );
      },
      25,
    );
    expect(scanForMarkers([dataDir], Object.values(names)).length).toBeGreaterThan(0);

    const server = await startBinary({ dataDir, port: PORT_UPGRADE, env: SETTINGS });
    await expectNoMarkerOnDisk(root, dataDir, PORT_UPGRADE, Object.values(names));
    const send = sender(server.base);
    const owner = cookieFrom(await send("/api/admin/login", { body: OWNER }));
    const staff = (await (await send("/api/admin/staff", { cookie: owner })).json()) as StaffOverview;
    expect(staff.members.map((m) => m.displayName)).toEqual([names.owner]);
    expect(staff.invitations).toMatchObject([{ name: names.invitee, invitedBy: names.owner }]);
    const preview = await send("/api/admin/staff-invitation", { body: { token } });
    expect(await preview.json()).toMatchObject({ name: names.invitee, invitedBy: names.owner });
    const audit = (await (await send("/api/admin/audit?limit=100", { cookie: owner })).json()) as AuditPage;
    expect(audit.entries.find((e) => e.event === "staff.name_changed")?.detail).toEqual({
      from: names.before,
      to: names.after,
    });
    expect(audit.entries.find((e) => e.event === "staff.invitation_accepted")?.detail).toEqual({
      invitationId: 7,
      invitedBy: names.owner,
    });
    expect(await server.stop()).toBe(0);
    expect(scanForMarkers([dataDir], Object.values(names))).toEqual([]);
  });
});
