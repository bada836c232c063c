import { lazyPage } from "../lib/lazy-page";
import { PATHS } from "../lib/paths";
import type { AppRoute } from "../routes";

/**
 * The admin screens: sign-in, dashboard and the management areas. Never indexed; the server refuses every
 * one but the sign-in screen to a visitor without a session (src/modules/auth/guard.ts).
 */
const admin = (
  path: string,
  component: AppRoute["component"],
  title: string,
  description: string,
): AppRoute => ({
  path,
  component,
  meta: () => ({ title, description, noindex: true }),
  layout: "admin",
  indexable: false,
});

export const ADMIN_ROUTES: AppRoute[] = [
  admin(
    PATHS.adminLogin,
    lazyPage(() => import("../pages/admin/login-page"), "LoginPage"),
    "Admin Sign In",
    "Sign in to the staff admin.",
  ),
  admin(
    PATHS.adminDashboard,
    lazyPage(() => import("../pages/admin/dashboard-page"), "DashboardPage"),
    "Admin Dashboard",
    "Manage articles, resources, case studies and intake submissions.",
  ),
  admin(
    PATHS.adminAccount,
    lazyPage(() => import("../pages/admin/account-page"), "AccountPage"),
    "Your Account",
    "Change your password and set up two-step sign-in.",
  ),
  admin(
    PATHS.adminAudit,
    lazyPage(() => import("../pages/admin/audit-page"), "AuditPage"),
    "Audit Log",
    "Sign-ins, sign-outs and account changes, newest first.",
  ),
  admin(
    PATHS.adminSubmissions,
    lazyPage(() => import("../pages/admin/submissions-page"), "SubmissionsPage"),
    "Submissions",
    "Intake requests: search, filter, export and open them.",
  ),
  {
    // Only a numeric id can name a submission; anything else is the site's 404.
    ...admin(
      `${PATHS.adminSubmissions}/:id`,
      lazyPage(() => import("../pages/admin/submission-page"), "SubmissionPage"),
      "Submission",
      "One intake request: its details, status, notes and e-mail.",
    ),
    meta: ({ id }) =>
      id !== undefined && !/^[1-9]\d*$/.test(id)
        ? null
        : {
            title: "Submission",
            description: "One intake request: its details, status, notes and e-mail.",
            noindex: true,
          },
  },
];
