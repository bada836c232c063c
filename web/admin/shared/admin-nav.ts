import {
  BookOpen,
  Briefcase,
  CalendarClock,
  ClipboardList,
  Clock,
  Contact,
  DatabaseBackup,
  FileDown,
  Inbox,
  LayoutDashboard,
  ShieldCheck,
  UserCog,
  Users,
} from "lucide-react";
import { PATHS } from "../../../src/contracts/paths";
import { type Capability, can, type Role } from "../../../src/contracts/roles";

/** The sidebar's groups, top to bottom; "Account" sits at its foot with the sign-out. */
export const ADMIN_NAV_GROUPS = ["Work", "Content", "Firm", "Settings"] as const;
export type AdminNavGroup = (typeof ADMIN_NAV_GROUPS)[number] | "Account";

/**
 * The admin's screens, as the sidebar lists them (by group, in this order) and the command menu finds them, each
 * with the capability its screen needs (src/contracts/roles.ts): a role without it is not shown the screen.
 */
export const ADMIN_NAV = [
  {
    href: PATHS.adminDashboard,
    label: "Dashboard",
    icon: LayoutDashboard,
    group: "Work",
    capability: "dashboard",
  },
  { href: PATHS.adminSubmissions, label: "Desk", icon: Inbox, group: "Work", capability: "desk" },
  {
    href: PATHS.adminConsultations,
    label: "Consultations",
    icon: CalendarClock,
    group: "Work",
    capability: "consultations",
  },
  { href: PATHS.adminArticles, label: "Articles", icon: BookOpen, group: "Content", capability: "content" },
  { href: PATHS.adminResources, label: "Resources", icon: FileDown, group: "Content", capability: "content" },
  {
    href: PATHS.adminCaseStudies,
    label: "Case Studies",
    icon: Briefcase,
    group: "Content",
    capability: "content",
  },
  { href: PATHS.adminFirm, label: "People & Testimonials", icon: Contact, group: "Firm", capability: "firm" },
  { href: PATHS.adminStaff, label: "Staff", icon: Users, group: "Settings", capability: "staff" },
  {
    href: PATHS.adminBusinessHours,
    label: "Business Hours",
    icon: Clock,
    group: "Settings",
    capability: "businessHours",
  },
  {
    href: PATHS.adminPrivacy,
    label: "Data & Privacy",
    icon: ShieldCheck,
    group: "Settings",
    capability: "dataRights",
  },
  {
    href: PATHS.adminBackups,
    label: "Backups",
    icon: DatabaseBackup,
    group: "Settings",
    capability: "backups",
  },
  { href: PATHS.adminAudit, label: "Audit Log", icon: ClipboardList, group: "Settings", capability: "audit" },
  { href: PATHS.adminAccount, label: "Account", icon: UserCog, group: "Account", capability: "account" },
] as const satisfies readonly {
  href: string;
  label: string;
  icon: unknown;
  group: AdminNavGroup;
  capability: Capability;
}[];

export type AdminNavItem = (typeof ADMIN_NAV)[number];

/** Whether the item is the current page's: its own path, or a page under it (an editor under its list). */
export const isCurrentItem = (href: string, location: string) =>
  location === href || (href !== PATHS.adminDashboard && location.startsWith(`${href}/`));

/** The screens a role may open; every screen while the role is not known yet (the server refuses the rest). */
export const navFor = (role: Role | null | undefined): AdminNavItem[] =>
  ADMIN_NAV.filter((item) => role == null || can(role, item.capability));

/** The screen a path belongs to (its own or a page under it), or undefined for a path outside the list. */
export const screenOf = (path: string): AdminNavItem | undefined =>
  ADMIN_NAV.find((item) => path === item.href || path.startsWith(`${item.href}/`));
