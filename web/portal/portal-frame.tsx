import type { ReactNode } from "react";
import { LogoMark } from "../components/logo-mark";
import { useBrand } from "../lib/brand-context";
import { telHref } from "../lib/tel";

/**
 * The portal's own frame, a client's workspace rather than a page of the public site: the firm's mark, whose
 * engagement this is and the way out. No public menu, no intake buttons, no marketing footer.
 */
export function PortalFrame(props: {
  client?: { name: string; reference: string };
  signOut?: ReactNode;
  children: ReactNode;
}) {
  const brand = useBrand();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="border-b border-line bg-white">
        <div className="container flex max-w-5xl flex-wrap items-center justify-between gap-x-6 gap-y-3 py-3">
          <p className="flex items-center gap-2.5 font-serif text-lg font-bold text-navy">
            <LogoMark className="size-8" />
            <span>
              {brand.name}
              <span className="block font-sans text-xs font-medium tracking-wide text-ink-muted">
                Client portal
              </span>
            </span>
          </p>
          {(props.client || props.signOut) && (
            <div className="flex min-w-0 items-center gap-4">
              {props.client && (
                <p className="min-w-0 text-right text-sm leading-tight">
                  <span className="block truncate font-semibold text-ink">{props.client.name}</span>
                  <span className="block text-ink-muted">
                    Reference <span className="font-mono">{props.client.reference}</span>
                  </span>
                </p>
              )}
              {props.signOut}
            </div>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="outline-none">
        {props.children}
      </main>
      <footer className="mt-16 border-t border-line py-6 text-center text-sm text-ink-muted">
        <p className="container">
          Questions about your engagement? Email{" "}
          <a className="font-semibold text-navy underline" href={`mailto:${brand.email}`}>
            {brand.email}
          </a>{" "}
          or call{" "}
          <a className="font-semibold text-navy underline" href={telHref(brand.phone)}>
            {brand.phone}
          </a>
          .
        </p>
      </footer>
    </>
  );
}
