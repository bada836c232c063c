import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { type AuthStatus, LOGIN_MESSAGES } from "../../../src/contracts/admin-auth";
import { PATHS } from "../../../src/contracts/paths";
import { apiRequest, getJson } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import { forgetAllDrafts } from "./use-unsaved-draft";

export const ADMIN_API = {
  login: "/api/admin/login",
  loginMfa: "/api/admin/login/mfa",
  loginPasskeyOptions: "/api/admin/login/passkey/options",
  loginPasskey: "/api/admin/login/passkey",
  status: "/api/admin/auth/status",
  logout: "/api/admin/logout",
  password: "/api/admin/account/password",
  mfa: "/api/admin/account/mfa",
  mfaEnrol: "/api/admin/account/mfa/enrol",
  mfaConfirm: "/api/admin/account/mfa/confirm",
  mfaDisable: "/api/admin/account/mfa/disable",
  passkeys: "/api/admin/account/passkeys",
  passkeyOptions: "/api/admin/account/passkeys/options",
  audit: "/api/admin/audit",
  articles: "/api/admin/articles",
  articlePreview: "/api/admin/articles/preview",
  caseStudies: "/api/admin/case-studies",
  resources: "/api/admin/resources",
  people: "/api/admin/people",
  testimonials: "/api/admin/testimonials",
} as const;

/** Dispatched on window when the signed-in admin's status changed (a new name): every frame reads it again. */
export const ADMIN_STATUS_CHANGED = "admin-status-changed";

/**
 * The signed-in admin, read from the status API after the page loads (the server-rendered HTML holds no
 * per-user state, so it may be cached). With `require`, a signed-out visitor is sent to the sign-in screen:
 * the server already does that on a full page load, this covers client-side navigation and expiry.
 */
export function useAdminSession({ require }: { require: boolean }): AuthStatus | null {
  const [status, setStatus] = useState<AuthStatus | null>(null);
  const [location, navigate] = useLocation();
  useEffect(() => {
    let live = true;
    const load = () =>
      getJson<AuthStatus>([ADMIN_API.status]).then(
        (s) => {
          if (!live) return;
          setStatus(s);
          if (!require) return;
          if (!s.authenticated) navigate(PATHS.adminLogin, { replace: true });
          else if (s.mfaEnrolmentRequired && location !== PATHS.adminAccount)
            navigate(PATHS.adminAccount, { replace: true });
        },
        () => {
          if (live && require) navigate(PATHS.adminLogin, { replace: true });
        },
      );
    void load();
    // A screen that changed how the admin is shown (their name) asks for the status again.
    window.addEventListener(ADMIN_STATUS_CHANGED, load);
    return () => {
      live = false;
      window.removeEventListener(ADMIN_STATUS_CHANGED, load);
    };
  }, [require, location, navigate]);
  return status;
}

/**
 * Signs out, says so, and returns to the sign-in screen (SPEC.md section 8). The drafts this browser kept go
 * with the session: the next person at this browser finds none of them.
 */
export function useLogout(): { logout: () => Promise<void>; pending: boolean } {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState(false);
  const logout = async () => {
    setPending(true);
    try {
      await apiRequest("POST", ADMIN_API.logout);
      forgetAllDrafts();
      toast({ title: LOGIN_MESSAGES.logoutTitle, description: LOGIN_MESSAGES.logout });
      navigate(PATHS.adminLogin);
    } catch {
      toast({
        title: LOGIN_MESSAGES.logoutFailedTitle,
        description: LOGIN_MESSAGES.logoutFailed,
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  };
  return { logout, pending };
}
