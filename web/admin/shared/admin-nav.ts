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

/** The sidebar's groups, top to bottom; "Account" sits at its foot with the sign-out. */
export const ADMIN_NAV_GROUPS = ["Work", "Content", "Firm", "Settings"] as const;
export type AdminNavGroup = (typeof ADMIN_NAV_GROUPS)[number] | "Account";

/**
 * The admin's screens, as the sidebar lists them (by group, in this order) and the command menu finds them.
 * Kept as plain data: one item per screen, so a filter over it (by role, say) needs no change to the frame.
 */
export const ADMIN_NAV = [
  { href: PATHS.adminDashboard, label: "Dashboard", icon: LayoutDashboard, group: "Work" },
  { href: PATHS.adminSubmissions, label: "Desk", icon: Inbox, group: "Work" },
  { href: PATHS.adminConsultations, label: "Consultations", icon: CalendarClock, group: "Work" },
  { href: PATHS.adminArticles, label: "Articles", icon: BookOpen, group: "Content" },
  { href: PATHS.adminResources, label: "Resources", icon: FileDown, group: "Content" },
  { href: PATHS.adminCaseStudies, label: "Case Studies", icon: Briefcase, group: "Content" },
  { href: PATHS.adminFirm, label: "People & Testimonials", icon: Contact, group: "Firm" },
  { href: PATHS.adminStaff, label: "Staff", icon: Users, group: "Settings" },
  { href: PATHS.adminBusinessHours, label: "Business Hours", icon: Clock, group: "Settings" },
  { href: PATHS.adminPrivacy, label: "Data & Privacy", icon: ShieldCheck, group: "Settings" },
  { href: PATHS.adminBackups, label: "Backups", icon: DatabaseBackup, group: "Settings" },
  { href: PATHS.adminAudit, label: "Audit Log", icon: ClipboardList, group: "Settings" },
  { href: PATHS.adminAccount, label: "Account", icon: UserCog, group: "Account" },
] as const satisfies readonly { href: string; label: string; icon: unknown; group: AdminNavGroup }[];

export type AdminNavItem = (typeof ADMIN_NAV)[number];

/** Whether the item is the current page's: its own path, or a page under it (an editor under its list). */
export const isCurrentItem = (href: string, location: string) =>
  location === href || (href !== PATHS.adminDashboard && location.startsWith(`${href}/`));
