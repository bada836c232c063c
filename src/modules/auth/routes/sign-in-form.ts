import { Elysia } from "elysia";
import * as v from "valibot";
import { type LoginFormState, mfaCodeProblem } from "../../../contracts/admin-auth";
import { PATHS } from "../../../contracts/paths";
import { clientAddress } from "../../../http/client-address";
import { answerOf, DomainError } from "../../../http/errors";
import { redirectTo } from "../../../http/redirect";
import { LoginSchema, MESSAGES, MfaLoginSchema } from "../model";
import type { AuthService } from "../service";
import type { createAdminGuard } from "./guard";

/** Renders /admin/login in the state a posted form left it in, with the answer's status and headers. */
export type RenderLoginPage = (
  state: LoginFormState,
  status: number,
  headers: Record<string, string>,
) => Promise<Response>;

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/**
 * POST /admin/login: the sign-in forms posted by the browser itself, before the page's script has run or without
 * it. The same steps as the JSON routes (the service decides; the throttle and the audit are the same), answered
 * as a browser wants them: a redirect once signed in (303, so the reload is a GET), the second factor's step when
 * one is asked, or the page again with its message and the username kept. Never a page of JSON.
 */
export function signInFormRoutes(deps: {
  trustProxy: boolean;
  service: AuthService;
  guard: ReturnType<typeof createAdminGuard>;
  renderLoginPage: RenderLoginPage;
}) {
  const { service, guard, renderLoginPage } = deps;
  return new Elysia({ name: "auth-form" }).post(PATHS.adminLogin, async ({ request, server, body }) => {
    const fields = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
    const address = clientAddress(request, server, deps.trustProxy);
    const session = await guard.sessionOf(request);
    const codeStep = fields.step === "code";
    const username = codeStep ? undefined : text(fields.username)?.trim();
    const again = (error: string, status: number, headers: Record<string, string> = {}) =>
      renderLoginPage(
        codeStep ? { step: "code", error } : { step: "password", username, error },
        status,
        headers,
      );
    try {
      let step: Awaited<ReturnType<AuthService["login"]>>;
      if (codeStep) {
        if (session?.stage !== "mfa")
          return renderLoginPage({ step: "password", error: MESSAGES.noPendingSignIn }, 401, {});
        const recovery = fields.recoveryCode !== undefined;
        const typed = text(recovery ? fields.recoveryCode : fields.code) ?? "";
        const problem = mfaCodeProblem(typed, recovery);
        if (problem) return again(problem, 422);
        step = await service.completeMfa(
          v.parse(MfaLoginSchema, recovery ? { recoveryCode: typed } : { code: typed }),
          address,
          session,
        );
      } else {
        const login = v.safeParse(LoginSchema, { username: fields.username, password: fields.password });
        if (!login.success) return again(login.issues[0].message, 422);
        step = await service.login(login.output, address, session);
      }
      const headers: Record<string, string> = step.setCookie ? { "set-cookie": step.setCookie } : {};
      const result = step.result;
      if (result.mfaRequired) return renderLoginPage({ step: "code" }, 200, headers);
      if (result.passkeyRequired)
        return renderLoginPage({ step: "password", username, passkeyAsked: true }, 200, headers);
      const next = result.mfaEnrolmentRequired ? PATHS.adminAccount : PATHS.adminDashboard;
      return redirectTo(next, 303, { ...headers, "cache-control": "no-store" });
    } catch (error) {
      if (error instanceof DomainError) {
        const { status, headers } = answerOf(error);
        return again(error.message, status, headers);
      }
      throw error;
    }
  });
}
