import { lazyPage } from "../lib/lazy-page";
import { PATHS } from "../lib/paths";
import type { AppRoute } from "../routes";

/**
 * The admin screens: sign-in, dashboard and the management areas. Never indexed; the server refuses every
 * one but the sign-in screen to a visitor without a session (src/modules/auth/guard.ts).
 */
const admin = (path: string, page: AppRoute["page"]): AppRoute => ({
  path,
  page,
  layout: "admin",
  indexable: false,
});

const articleEditor = lazyPage(() => import("../pages/admin/article-editor-page"), "articleEditorPage");
const caseStudyEditor = lazyPage(
  () => import("../pages/admin/case-study-editor-page"),
  "caseStudyEditorPage",
);
const resourceEditor = lazyPage(() => import("../pages/admin/resource-editor-page"), "resourceEditorPage");

export const ADMIN_ROUTES: AppRoute[] = [
  admin(
    PATHS.adminLogin,
    lazyPage(() => import("../pages/admin/login-page"), "loginPage"),
  ),
  admin(
    PATHS.adminDashboard,
    lazyPage(() => import("../pages/admin/dashboard-page"), "dashboardPage"),
  ),
  admin(
    PATHS.adminAccount,
    lazyPage(() => import("../pages/admin/account-page"), "accountPage"),
  ),
  admin(
    PATHS.adminAudit,
    lazyPage(() => import("../pages/admin/audit-page"), "auditPage"),
  ),
  admin(
    PATHS.adminArticles,
    lazyPage(() => import("../pages/admin/articles-admin-page"), "articlesAdminPage"),
  ),
  admin(PATHS.adminArticleNew, articleEditor),
  admin(`${PATHS.adminArticles}/:id`, articleEditor),
  admin(
    PATHS.adminCaseStudies,
    lazyPage(() => import("../pages/admin/case-studies-admin-page"), "caseStudiesAdminPage"),
  ),
  admin(PATHS.adminCaseStudyNew, caseStudyEditor),
  admin(`${PATHS.adminCaseStudies}/:id`, caseStudyEditor),
  admin(
    PATHS.adminResources,
    lazyPage(() => import("../pages/admin/resources-admin-page"), "resourcesAdminPage"),
  ),
  admin(PATHS.adminResourceNew, resourceEditor),
  admin(`${PATHS.adminResources}/:id`, resourceEditor),
  admin(
    PATHS.adminSubmissions,
    lazyPage(() => import("../pages/admin/submissions-page"), "submissionsPage"),
  ),
  admin(
    `${PATHS.adminSubmissions}/:id`,
    lazyPage(() => import("../pages/admin/submission-page"), "submissionPage"),
  ),
];
