import { Elysia } from "elysia";
import type { Auth } from "../auth";
import { BACKUPS_API } from "./model";

type View = {
  view(): unknown;
  startNow(): { started: boolean };
  releaseOutbox(by: string): { released: boolean };
};

/**
 * The admin's backups: what is scheduled and kept where, the last run, a button that starts one now, and the
 * release of a restored folder's held outbox (ADR 287).
 */
export const backupRoutes = (auth: Pick<Auth, "requireAdmin">, backups: View) =>
  new Elysia({ name: "backups", prefix: BACKUPS_API })
    .use(auth.requireAdmin)
    .get("/", ({ set }) => {
      set.headers["cache-control"] = "no-store";
      return backups.view();
    })
    .post("/", ({ set }) => {
      set.status = 202;
      return backups.startNow();
    })
    .post("/outbox/release", ({ admin }) => backups.releaseOutbox(admin.username));
