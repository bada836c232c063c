import { LogOut } from "lucide-react";
import { Link } from "wouter";
import { ADMIN_NAV, ADMIN_NAV_GROUPS, type AdminNavItem, isCurrentItem } from "./admin-nav";

/**
 * One row of the navigation: 32 px high in the sidebar (a target of 24 px or more, WCAG 2.5.8), so that every
 * group and the foot fit a 1280×720 or 1024×768 window without a scroll inside it; 40 px in the phone's menu. A
 * focused row is lifted above its neighbours so that no part of its focus ring is painted over.
 */
const ROW =
  "relative flex min-h-10 items-center gap-2.5 rounded-md px-3 text-sm font-medium text-mist hover:bg-white/10 hover:text-white focus-visible:z-10 lg:min-h-8";

/**
 * The admin's navigation, grouped (Work, Content, Firm, Settings), with the signed-in admin, Account and Logout
 * at its foot: the sidebar from 1024 px up and the phone's menu show the same. Labels never wrap: each link is
 * one row, cut with an ellipsis if a screen's name could ever outgrow the sidebar.
 */
export function AdminNavList({
  location,
  shownAs,
  onLogout,
  loggingOut,
  onNavigate,
  items = ADMIN_NAV,
}: {
  location: string;
  /** The signed-in admin as colleagues see them; undefined while the session loads. */
  shownAs: string | undefined;
  onLogout: () => void;
  loggingOut: boolean;
  /** Told when a link is followed (the phone's menu closes). */
  onNavigate?: () => void;
  items?: readonly AdminNavItem[];
}) {
  // The current page's mark is a drawn bar, not a shadow: the focus ring is a box-shadow and must still show on it.
  const link = (item: AdminNavItem, extra = "") => {
    const Icon = item.icon;
    return (
      <li key={item.href} className={extra}>
        <Link
          href={item.href}
          onClick={onNavigate}
          aria-current={isCurrentItem(item.href, location) ? "page" : undefined}
          className={`${ROW} no-underline aria-[current=page]:bg-white/12 aria-[current=page]:text-white aria-[current=page]:[background-image:linear-gradient(to_right,var(--brand-accent)_3px,transparent_3px)]`}
        >
          <Icon className="size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 truncate">{item.label}</span>
        </Link>
      </li>
    );
  };
  const account = items.filter((i) => i.group === "Account");
  return (
    <div className="flex min-h-full flex-col">
      <div className="flex-1 space-y-3">
        {ADMIN_NAV_GROUPS.map((group) => {
          const inGroup = items.filter((i) => i.group === group);
          if (inGroup.length === 0) return null;
          const id = `admin-nav-${group.toLowerCase()}`;
          return (
            <div key={group}>
              <p
                id={id}
                className="px-3 pb-1 text-xs leading-4 font-semibold uppercase tracking-wider text-mist"
              >
                {group}
              </p>
              <ul aria-labelledby={id}>{inGroup.map((item) => link(item))}</ul>
            </div>
          );
        })}
      </div>
      <div className="mt-3 border-t border-white/15 pt-3">
        {shownAs && (
          <p className="truncate px-3 pb-1 text-xs leading-4 text-mist" title={shownAs}>
            Signed in as <span className="font-semibold text-white">{shownAs}</span>
          </p>
        )}
        {/* Account and Logout share a row: one row fewer keeps the whole sidebar in a 720 px window. */}
        <ul className="flex gap-1">
          {account.map((item) => link(item, "min-w-0 flex-1"))}
          <li>
            <button
              type="button"
              onClick={onLogout}
              disabled={loggingOut}
              className={`${ROW} w-full text-left disabled:opacity-70`}
            >
              <LogOut className="size-4 shrink-0" aria-hidden="true" />
              Logout
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
