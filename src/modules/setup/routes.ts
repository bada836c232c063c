import { Elysia } from "elysia";
import { SETUP_API } from "../../contracts/setup";
import type { Auth } from "../auth";
import type { SetupService } from "./service";

/** The dashboard's setup list: staff only, never cached (it changes as the firm sets up). */
export const setupRoutes = (auth: Pick<Auth, "requireAdmin">, service: SetupService) =>
  new Elysia({ name: "setup", prefix: SETUP_API }).use(auth.requireAdmin).get("/", ({ set }) => {
    set.headers["cache-control"] = "no-store";
    return service.list();
  });
