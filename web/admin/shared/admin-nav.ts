import {
  BookOpen,
  Briefcase,
  ClipboardList,
  Contact,
  FileDown,
  Inbox,
  LayoutDashboard,
  ShieldCheck,
  UserCog,
  Users,
} from "lucide-react";
import { PATHS } from "../../../src/contracts/paths";
import { type Capability, can, type Role } from "../../../src/contracts/roles";

/**
 * The admin's screens, as its navigation bar lists them and the command menu finds them, each with the
 * capability its screen needs (src/contracts/roles.ts): a role without it is not shown the screen.
 */
export const ADMIN_NAV = [
  { href: PATHS.adminDashboard, label: "Dashboard", icon: LayoutDashboard, capability: "dashboard" },
  { href: PATHS.adminSubmissions, label: "Submissions", icon: Inbox, capability: "desk" },
  { href: PATHS.adminArticles, label: "Articles", icon: BookOpen, capability: "content" },
  { href: PATHS.adminResources, label: "Resources", icon: FileDown, capability: "content" },
  { href: PATHS.adminCaseStudies, label: "Case Studies", icon: Briefcase, capability: "content" },
  { href: PATHS.adminFirm, label: "People & Testimonials", icon: Contact, capability: "firm" },
  { href: PATHS.adminStaff, label: "Staff", icon: Users, capability: "staff" },
  { href: PATHS.adminPrivacy, label: "Data & Privacy", icon: ShieldCheck, capability: "dataRights" },
  { href: PATHS.adminAccount, label: "Account", icon: UserCog, capability: "account" },
  { href: PATHS.adminAudit, label: "Audit Log", icon: ClipboardList, capability: "audit" },
] as const satisfies readonly { href: string; label: string; icon: unknown; capability: Capability }[];

export type AdminNavItem = (typeof ADMIN_NAV)[number];

/** The screens a role may open; every screen while the role is not known yet (the server refuses the rest). */
export const navFor = (role: Role | null | undefined): AdminNavItem[] =>
  ADMIN_NAV.filter((item) => role == null || can(role, item.capability));

/** The screen a path belongs to (its own or a page under it), or undefined for a path outside the list. */
export const screenOf = (path: string): AdminNavItem | undefined =>
  ADMIN_NAV.find((item) => path === item.href || path.startsWith(`${item.href}/`));
