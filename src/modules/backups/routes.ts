import { Elysia } from "elysia";
import type { Auth } from "../auth";
import { BACKUPS_API } from "./model";

type View = { view(): unknown; startNow(): { started: boolean } };

/** The admin's backups: what is scheduled and kept where, the last run, and a button that starts one now. */
export const backupRoutes = (auth: Pick<Auth, "requireAdmin">, backups: View) =>
  new Elysia({ name: "backups", prefix: BACKUPS_API })
    .use(auth.requireAdmin)
    .get("/", () => backups.view())
    .post("/", ({ set }) => {
      set.status = 202;
      return backups.startNow();
    });
