import { LogOut } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import type { AuthStatus } from "../../../src/contracts/admin-auth";
import { PATHS } from "../../../src/contracts/paths";
import { can, ROLES } from "../../../src/contracts/roles";
import { LogoMark } from "../../components/logo-mark";
import { useBrand } from "../../lib/brand-context";
import { navFor, screenOf } from "./admin-nav";
import { useAdminSession, useLogout } from "./admin-session";
import { CommandMenu } from "./command-menu";
import { ScreenRefused } from "./role-notice";
import { ShortcutsDialog } from "./shortcuts-dialog";

/**
 * The frame of every signed-in admin screen: a bar with the brand, the admin sections, the signed-in user and
 * Logout. Children get the session status (null while it loads).
 */
export function AdminFrame({ children }: { children: (status: AuthStatus | null) => ReactNode }) {
  const brand = useBrand();
  const status = useAdminSession({ require: true });
  const { logout, pending } = useLogout();
  const [location] = useLocation();
  const enrolling = Boolean(status?.mfaEnrolmentRequired);
  // A screen the role cannot open, reached by its address: why, instead of a screen of refusals.
  const screen = screenOf(location);
  const refused = status?.role && screen && !can(status.role, screen.capability) ? screen : null;
  // A screen not every role may open waits for the role before it asks the server for anything.
  const waiting = !status?.role && screen !== undefined && !ROLES.every((r) => can(r, screen.capability));
  return (
    <div className="min-h-screen bg-paper">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-gold px-4 py-2 font-semibold text-navy focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <header className="bg-navy text-white shadow-md">
        <div className="container flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3">
          <Link
            href={PATHS.adminDashboard}
            className="flex items-center gap-2.5 font-serif text-xl font-bold text-white no-underline"
          >
            <LogoMark className="size-8" />
            <span>
              {brand.name} <span className="font-sans text-sm font-medium text-mist">Admin</span>
            </span>
          </Link>
          <div className="flex flex-wrap items-center gap-3">
            {!enrolling && <CommandMenu role={status?.role} />}
            {status?.username && (
              <span className="min-w-0 break-words text-sm text-mist">
                Signed in as{" "}
                <span className="font-semibold text-white">{status.shownAs ?? status.username}</span>
              </span>
            )}
            <button
              type="button"
              onClick={logout}
              disabled={pending}
              className="btn-outline-light min-h-10 px-3 py-1.5 text-sm disabled:opacity-70"
            >
              <LogOut className="size-4" aria-hidden="true" />
              Logout
            </button>
          </div>
        </div>
        {!enrolling && (
          <nav aria-label="Admin" className="border-t border-white/15">
            <ul className="container flex gap-1 overflow-x-auto py-1 lg:flex-wrap lg:overflow-visible">
              {navFor(status?.role).map(({ href, label, icon: Icon }) => (
                <li key={href}>
                  <Link
                    href={href}
                    aria-current={
                      location === href || (href !== PATHS.adminDashboard && location.startsWith(`${href}/`))
                        ? "page"
                        : undefined
                    }
                    className="flex min-h-11 items-center gap-2 whitespace-nowrap rounded-md px-3 text-sm font-medium text-white no-underline hover:bg-white/10 aria-[current=page]:text-gold aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8"
                  >
                    <Icon className="size-4" aria-hidden="true" />
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main id="main" tabIndex={-1} className="container py-10 outline-none sm:py-14">
        {refused && status?.role ? (
          <ScreenRefused label={refused.label} capability={refused.capability} role={status.role} />
        ) : waiting ? (
          <p className="text-ink-muted">Loading...</p>
        ) : (
          children(status)
        )}
      </main>
      {!enrolling && <ShortcutsDialog />}
    </div>
  );
}
