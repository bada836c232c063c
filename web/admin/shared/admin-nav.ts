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

/** The admin's screens, as its navigation bar lists them and the command menu finds them. */
export const ADMIN_NAV = [
  { href: PATHS.adminDashboard, label: "Dashboard", icon: LayoutDashboard },
  { href: PATHS.adminSubmissions, label: "Submissions", icon: Inbox },
  { href: PATHS.adminArticles, label: "Articles", icon: BookOpen },
  { href: PATHS.adminResources, label: "Resources", icon: FileDown },
  { href: PATHS.adminCaseStudies, label: "Case Studies", icon: Briefcase },
  { href: PATHS.adminFirm, label: "People & Testimonials", icon: Contact },
  { href: PATHS.adminStaff, label: "Staff", icon: Users },
  { href: PATHS.adminPrivacy, label: "Data & Privacy", icon: ShieldCheck },
  { href: PATHS.adminAccount, label: "Account", icon: UserCog },
  { href: PATHS.adminAudit, label: "Audit Log", icon: ClipboardList },
] as const;
