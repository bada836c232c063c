import { LogOut } from "lucide-react";
import { Link } from "wouter";
import { ADMIN_NAV, ADMIN_NAV_GROUPS, type AdminNavItem, isCurrentItem } from "./admin-nav";

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
  const link = (item: AdminNavItem) => {
    const Icon = item.icon;
    return (
      <li key={item.href}>
        <Link
          href={item.href}
          onClick={onNavigate}
          aria-current={isCurrentItem(item.href, location) ? "page" : undefined}
          className="flex min-h-10 items-center gap-3 rounded-md px-3 text-sm font-medium text-mist no-underline hover:bg-white/10 hover:text-white aria-[current=page]:bg-white/12 aria-[current=page]:text-white aria-[current=page]:shadow-[inset_3px_0_0_var(--brand-accent)]"
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
      <div className="flex-1 space-y-5">
        {ADMIN_NAV_GROUPS.map((group) => {
          const inGroup = items.filter((i) => i.group === group);
          if (inGroup.length === 0) return null;
          const id = `admin-nav-${group.toLowerCase()}`;
          return (
            <div key={group}>
              <p id={id} className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-mist">
                {group}
              </p>
              <ul aria-labelledby={id} className="space-y-0.5">
                {inGroup.map(link)}
              </ul>
            </div>
          );
        })}
      </div>
      <div className="mt-6 border-t border-white/15 pt-4">
        {shownAs && (
          <p className="truncate px-3 pb-2 text-xs text-mist" title={shownAs}>
            Signed in as <span className="font-semibold text-white">{shownAs}</span>
          </p>
        )}
        <ul className="space-y-0.5">
          {account.map(link)}
          <li>
            <button
              type="button"
              onClick={onLogout}
              disabled={loggingOut}
              className="flex min-h-10 w-full items-center gap-3 rounded-md px-3 text-left text-sm font-medium text-mist hover:bg-white/10 hover:text-white disabled:opacity-70"
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
