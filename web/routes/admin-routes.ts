import { PATHS } from "../lib/paths";
import { AccountPage } from "../pages/admin/account-page";
import { AuditPage } from "../pages/admin/audit-page";
import { DashboardPage } from "../pages/admin/dashboard-page";
import { LoginPage } from "../pages/admin/login-page";
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
  admin(PATHS.adminLogin, LoginPage, "Admin Sign In", "Sign in to the staff admin."),
  admin(
    PATHS.adminDashboard,
    DashboardPage,
    "Admin Dashboard",
    "Manage articles, resources, case studies and intake submissions.",
  ),
  admin(PATHS.adminAccount, AccountPage, "Your Account", "Change your password and set up two-step sign-in."),
  admin(PATHS.adminAudit, AuditPage, "Audit Log", "Sign-ins, sign-outs and account changes, newest first."),
];
