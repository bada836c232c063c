import * as v from "valibot";
import { ConfigError } from "../../../config";
import { NewPasswordSchema, UsernameSchema } from "../../../contracts/admin-auth";
import { hashPassword, hashPasswordSync } from "../lib/passwords";
import { DEMO_PASSWORD, DEMO_USERNAME, demoPasswordRefusal } from "../model";
import {
  adminsHoldingDemoPassword,
  findAccountByName,
  findUserById,
  findUserByName,
  insertAdmin,
  updatePasswordHash,
} from "../repo/users";
import type { AuthCore } from "./core";

/**
 * The accounts as the operator makes them: at start from the environment (and the demo admin), and by the
 * admin commands. None of it touches an encrypted value, so the commands run without the data key.
 */
export function adminsService(core: AuthCore) {
  const { store, db, config, logger, now, sessions, audit } = core;

  /**
   * Creates an admin; refuses a taken username or a password outside the policy. Like setPassword, it touches
   * no encrypted value, so the operator's commands run it without the data key.
   */
  async function createAdmin(username: string, password: string, via: string) {
    const name = v.safeParse(UsernameSchema, username);
    if (!name.success) return { ok: false as const, error: name.issues[0].message };
    const pw = v.safeParse(NewPasswordSchema, password);
    if (!pw.success) return { ok: false as const, error: pw.issues[0].message };
    const refused = demoPasswordRefusal(password, config.demo);
    if (refused) return { ok: false as const, error: refused };
    if (findAccountByName(store, name.output))
      return { ok: false as const, error: `Admin "${name.output}" already exists.` };
    // The operator's command makes an owner: it is how a firm gets its first admin, or one back.
    const id = insertAdmin(
      store,
      name.output,
      await hashPassword(password, config.passwordCost),
      now(),
      "owner",
    );
    audit("admin.created", { id, username: name.output }, "local", { via, role: "owner" });
    return { ok: true as const, id };
  }

  /** Sets a new password and ends every session of that admin. */
  async function setPassword(username: string, password: string, via: string) {
    const user = findAccountByName(store, username.trim());
    if (!user) return { ok: false as const, error: `No admin named "${username.trim()}".` };
    const pw = v.safeParse(NewPasswordSchema, password);
    if (!pw.success) return { ok: false as const, error: pw.issues[0].message };
    const refused = demoPasswordRefusal(password, config.demo);
    if (refused) return { ok: false as const, error: refused };
    const hash = await hashPassword(password, config.passwordCost);
    db.transaction(() => {
      updatePasswordHash(store, user.id, hash, now());
      sessions.revokeAllForUser(user.id);
    })();
    audit("password.changed", user, "local", { via });
    return { ok: true as const };
  }

  return {
    createAdmin,
    setPassword,

    /**
     * At start: ADMIN_USERNAME/ADMIN_PASSWORD create that admin when missing (never overwrite), and DEMO=1
     * seeds the demo admin. Synchronous so the server never answers before they exist.
     */
    bootstrap(): void {
      if (config.adminUsername && config.adminPassword) {
        const name = v.safeParse(UsernameSchema, config.adminUsername);
        if (!name.success) throw new ConfigError(`Invalid ADMIN_USERNAME: ${name.issues[0].message}`);
        const pw = v.safeParse(NewPasswordSchema, config.adminPassword);
        if (!pw.success) throw new ConfigError(`Invalid ADMIN_PASSWORD: ${pw.issues[0].message}`);
        const refused = demoPasswordRefusal(config.adminPassword, config.demo);
        if (refused) throw new ConfigError(`Invalid ADMIN_PASSWORD: ${refused}`);
        if (!findUserByName(store, name.output)) {
          const id = insertAdmin(
            store,
            name.output,
            hashPasswordSync(config.adminPassword, config.passwordCost),
            now(),
            "owner",
          );
          audit("admin.created", { id, username: name.output }, "local", { via: "environment" });
          logger.info("admin_created", { via: "environment" });
        }
      }
      if (config.demo) {
        let demo = findUserByName(store, DEMO_USERNAME);
        if (!demo) {
          const id = insertAdmin(
            store,
            DEMO_USERNAME,
            hashPasswordSync(DEMO_PASSWORD, config.passwordCost),
            now(),
            "owner",
          );
          audit("admin.created", { id, username: DEMO_USERNAME }, "local", { via: "demo" });
          demo = findUserById(store, id);
        }
        if (demo && Bun.password.verifySync(DEMO_PASSWORD, demo.passwordHash))
          core.demo.hash = demo.passwordHash;
      } else {
        // A demo run leaves the public password behind on every account that held it: the demo admin, and any
        // colleague given it during the demo. It opens nothing now (login refuses it), and the sessions it
        // opened end here, before anyone could carry them on (ADR 092).
        for (const leftover of adminsHoldingDemoPassword(store)) {
          sessions.revokeAllForUser(leftover.id);
          logger.warn("demo_password_refused", {
            username: leftover.username,
            hint: `The admin "${leftover.username}" still has the public demo password, which is refused outside demo mode; its sessions were ended. Set a new password with: tracewell admin passwd ${leftover.username}`,
          });
        }
      }
      if (!config.requireMfa && !config.demo) {
        logger.warn("mfa_not_required", {
          hint: "REQUIRE_MFA=false: admins may sign in with a password alone. Unset it to require a second factor.",
        });
      }
    },
  };
}
