import { Elysia } from "elysia";
import { SETUP_API } from "../../contracts/setup";
import type { Auth } from "../auth";
import type { SetupService } from "./service";

/**
 * The dashboard's setup list: staff only, never cached (it changes as the firm sets up); and the owner's word that
 * a copy of the data key is kept elsewhere, which answers the list as it then stands.
 */
export const setupRoutes = (
  auth: Pick<Auth, "requireAdmin">,
  service: SetupService,
  confirmKeyCopy: (by: string) => void,
) =>
  new Elysia({ name: "setup", prefix: SETUP_API })
    .use(auth.requireAdmin)
    .get("/", ({ set }) => {
      set.headers["cache-control"] = "no-store";
      return service.list();
    })
    .post("/data-key-copy", ({ admin, set }) => {
      confirmKeyCopy(admin.username);
      set.headers["cache-control"] = "no-store";
      return service.list();
    });
