import { PATHS } from "../../src/contracts/paths";
import { lazyPage } from "../lib/lazy-page";
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

const articleEditor = lazyPage(() => import("../admin/content/article-editor-page"), "articleEditorPage");
const caseStudyEditor = lazyPage(
  () => import("../admin/content/case-study-editor-page"),
  "caseStudyEditorPage",
);
const resourceEditor = lazyPage(() => import("../admin/content/resource-editor-page"), "resourceEditorPage");
const personEditor = lazyPage(() => import("../admin/firm/person-editor-page"), "personEditorPage");
const testimonialEditor = lazyPage(
  () => import("../admin/firm/testimonial-editor-page"),
  "testimonialEditorPage",
);

export const ADMIN_ROUTES: AppRoute[] = [
  admin(
    PATHS.adminLogin,
    lazyPage(() => import("../admin/account/login-page"), "loginPage"),
  ),
  admin(
    PATHS.adminDashboard,
    lazyPage(() => import("../admin/dashboard/dashboard-page"), "dashboardPage"),
  ),
  admin(
    PATHS.adminAccount,
    lazyPage(() => import("../admin/account/account-page"), "accountPage"),
  ),
  admin(
    PATHS.adminAudit,
    lazyPage(() => import("../admin/account/audit-page"), "auditPage"),
  ),
  admin(
    PATHS.adminArticles,
    lazyPage(() => import("../admin/content/articles-admin-page"), "articlesAdminPage"),
  ),
  admin(PATHS.adminArticleNew, articleEditor),
  admin(`${PATHS.adminArticles}/:id`, articleEditor),
  admin(
    PATHS.adminCaseStudies,
    lazyPage(() => import("../admin/content/case-studies-admin-page"), "caseStudiesAdminPage"),
  ),
  admin(PATHS.adminCaseStudyNew, caseStudyEditor),
  admin(`${PATHS.adminCaseStudies}/:id`, caseStudyEditor),
  admin(
    PATHS.adminFirm,
    lazyPage(() => import("../admin/firm/firm-admin-page"), "firmAdminPage"),
  ),
  admin(PATHS.adminPersonNew, personEditor),
  admin(`${PATHS.adminFirm}/people/:id`, personEditor),
  admin(PATHS.adminTestimonialNew, testimonialEditor),
  admin(`${PATHS.adminFirm}/testimonials/:id`, testimonialEditor),
  admin(
    PATHS.adminResources,
    lazyPage(() => import("../admin/content/resources-admin-page"), "resourcesAdminPage"),
  ),
  admin(PATHS.adminResourceNew, resourceEditor),
  admin(`${PATHS.adminResources}/:id`, resourceEditor),
  admin(
    PATHS.adminSubmissions,
    lazyPage(() => import("../admin/desk/submissions-page"), "submissionsPage"),
  ),
  admin(
    PATHS.adminConsultations,
    lazyPage(() => import("../admin/consultation/consultations-page"), "consultationsPage"),
  ),
  admin(
    PATHS.adminDocumentTemplates,
    lazyPage(() => import("../admin/document-requests/templates-page"), "documentTemplatesPage"),
  ),
  admin(
    PATHS.adminBusinessHours,
    lazyPage(() => import("../admin/desk/business-hours-page"), "businessHoursPage"),
  ),
  admin(
    PATHS.adminBackups,
    lazyPage(() => import("../admin/backups/backups-page"), "backupsPage"),
  ),
  admin(
    PATHS.adminStaff,
    lazyPage(() => import("../admin/staff/staff-page"), "staffPage"),
  ),
  admin(
    PATHS.adminJoin,
    lazyPage(() => import("../admin/staff/join-page"), "joinPage"),
  ),
  admin(
    `${PATHS.adminSubmissions}/:id`,
    lazyPage(() => import("../admin/desk/submission-page"), "submissionPage"),
  ),
  admin(
    PATHS.adminPrivacy,
    lazyPage(() => import("../admin/privacy/privacy-page"), "privacyAdminPage"),
  ),
  admin(
    PATHS.adminDataRequests,
    lazyPage(() => import("../admin/privacy/data-requests-page"), "dataRequestsPage"),
  ),
];
