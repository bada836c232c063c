import type { Config } from "../../config";
import type { DataStore } from "../../store";
import type { Auth } from "../auth";
import type { MailOutbox } from "../mail";
import { staffRoutes } from "./routes";
import { createStaffService } from "./service";

/** Staff management: the service over the accounts and invitations, and its routes (routes.ts). */
export function staffModule(deps: {
  store: DataStore;
  config: Config;
  auth: Pick<Auth, "requireAdmin" | "service">;
  outbox: Pick<MailOutbox, "register" | "enqueue" | "wake" | "configured">;
  now: () => Date;
}) {
  const sessions = deps.auth.service.sessions;
  const service = createStaffService({ ...deps, sessions });
  return staffRoutes({ config: deps.config, auth: deps.auth, sessions, service });
}

// What other features use of this one: they import it from here, never from its files (src/layout.test.ts).
export { resetMfaCli, STAFF_HELP } from "./cli";
export { staffRepo } from "./repo/staff";
export { createStaffService } from "./service";
