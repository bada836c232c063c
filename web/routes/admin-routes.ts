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
    PATHS.adminArticles,
    lazyPage(() => import("../pages/admin/articles-admin-page"), "ArticlesAdminPage"),
    "Articles",
    "Write, publish and unpublish the firm's articles.",
  ),
  admin(
    PATHS.adminArticleNew,
    lazyPage(() => import("../pages/admin/article-editor-page"), "ArticleEditorPage"),
    "New Article",
    "Write a new article in Markdown.",
  ),
  admin(
    `${PATHS.adminArticles}/:id`,
    lazyPage(() => import("../pages/admin/article-editor-page"), "ArticleEditorPage"),
    "Edit Article",
    "Change, publish or delete an article.",
  ),
  admin(
    PATHS.adminCaseStudies,
    lazyPage(() => import("../pages/admin/case-studies-admin-page"), "CaseStudiesAdminPage"),
    "Case Studies",
    "Write, publish and unpublish case studies.",
  ),
  admin(
    PATHS.adminCaseStudyNew,
    lazyPage(() => import("../pages/admin/case-study-editor-page"), "CaseStudyEditorPage"),
    "New Case Study",
    "Write a new case study.",
  ),
  admin(
    `${PATHS.adminCaseStudies}/:id`,
    lazyPage(() => import("../pages/admin/case-study-editor-page"), "CaseStudyEditorPage"),
    "Edit Case Study",
    "Change, publish or delete a case study.",
  ),
  admin(
    PATHS.adminResources,
    lazyPage(() => import("../pages/admin/resources-admin-page"), "ResourcesAdminPage"),
    "Resources",
    "Upload, publish and unpublish downloadable resources.",
  ),
  admin(
    PATHS.adminResourceNew,
    lazyPage(() => import("../pages/admin/resource-editor-page"), "ResourceEditorPage"),
    "New Resource",
    "Upload a new downloadable resource.",
  ),
  admin(
    `${PATHS.adminResources}/:id`,
    lazyPage(() => import("../pages/admin/resource-editor-page"), "ResourceEditorPage"),
    "Edit Resource",
    "Change, replace, publish or delete a resource.",
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
