import { LogOut } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import type { AuthStatus } from "../../../src/contracts/admin-auth";
import { PATHS } from "../../../src/contracts/paths";
import { can, ROLES } from "../../../src/contracts/roles";
import { LogoMark } from "../../components/logo-mark";
import { useBrand } from "../../lib/brand-context";
import { AdminMenu } from "./admin-menu";
import { navFor, screenOf } from "./admin-nav";
import { AdminNavList } from "./admin-nav-list";
import { useAdminSession, useLogout } from "./admin-session";
import { CommandMenu } from "./command-menu";
import { ScreenRefused } from "./role-notice";
import { ShortcutsDialog } from "./shortcuts-dialog";

/**
 * The frame of every signed-in admin screen. From 1024 px up, a sidebar: the brand, Go To, the screens grouped
 * (Work, Content, Firm, Settings) and the signed-in admin with Account and Logout at its foot. Below that, one
 * bar with the brand, Go To and a menu button that opens the same navigation. Children get the session status
 * (null while it loads).
 */
export function AdminFrame({ children }: { children: (status: AuthStatus | null) => ReactNode }) {
  const brand = useBrand();
  const status = useAdminSession({ require: true });
  const { logout, pending } = useLogout();
  const [location] = useLocation();
  const enrolling = Boolean(status?.mfaEnrolmentRequired);
  const shownAs = status?.username ? (status.shownAs ?? status.username) : undefined;
  const nav = (onNavigate?: () => void) => (
    <AdminNavList
      location={location}
      items={navFor(status?.role)}
      shownAs={shownAs}
      onLogout={logout}
      loggingOut={pending}
      onNavigate={onNavigate}
    />
  );
  // A screen the role cannot open, reached by its address: why, instead of a screen of refusals.
  const screen = screenOf(location);
  const refused = status?.role && screen && !can(status.role, screen.capability) ? screen : null;
  // A screen not every role may open waits for the role before it asks the server for anything.
  const waiting = !status?.role && screen !== undefined && !ROLES.every((r) => can(r, screen.capability));
  return (
    <div className="min-h-screen bg-paper lg:grid lg:bg-navy lg:grid-cols-[15rem_minmax(0,1fr)]">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="bg-navy text-white shadow-md lg:sticky lg:top-0 lg:flex lg:h-screen lg:flex-col lg:overflow-y-auto lg:shadow-none">
        <div className="flex items-center gap-3 px-4 py-2.5 lg:flex-col lg:items-stretch lg:gap-3 lg:py-4">
          <Link
            href={PATHS.adminDashboard}
            className="mr-auto flex min-w-0 items-center gap-2.5 font-serif text-xl font-bold text-white no-underline lg:mr-0"
          >
            <LogoMark className="size-8 shrink-0" />
            <span className="truncate">
              {brand.name} <span className="font-sans text-sm font-medium text-mist">Admin</span>
            </span>
          </Link>
          {!enrolling && <CommandMenu role={status?.role} />}
          {enrolling ? (
            <button
              type="button"
              onClick={logout}
              disabled={pending}
              className="btn-outline-light min-h-10 px-3 py-1.5 text-sm disabled:opacity-70"
            >
              <LogOut className="size-4" aria-hidden="true" />
              Logout
            </button>
          ) : (
            <AdminMenu>{(close) => <nav aria-label="Admin">{nav(close)}</nav>}</AdminMenu>
          )}
        </div>
        {!enrolling && (
          <nav aria-label="Admin" className="hidden flex-1 px-3 pb-3 lg:block">
            {nav()}
          </nav>
        )}
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="min-w-0 bg-paper px-4 py-8 outline-none sm:px-6 sm:py-10 lg:px-8 xl:px-10"
      >
        <div className="mx-auto w-full max-w-6xl">
          {refused && status?.role ? (
            <ScreenRefused label={refused.label} capability={refused.capability} role={status.role} />
          ) : waiting ? (
            <p className="text-ink-muted">Loading...</p>
          ) : (
            children(status)
          )}
        </div>
      </main>
      {!enrolling && <ShortcutsDialog />}
    </div>
  );
}
