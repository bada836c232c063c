import type { ReactNode } from "react";
import { LogoMark } from "../../components/logo-mark";
import { useBrand } from "../../lib/brand-context";

/** The frame of the admin screens used before a session exists (signing in, joining): the brand over one card. */
export function SignedOutShell({ children }: { children: ReactNode }) {
  const brand = useBrand();
  return (
    <main className="flex min-h-screen items-center justify-center bg-navy px-4 py-12">
      <div className="w-full max-w-md">
        <p className="flex items-center justify-center gap-2.5 font-serif text-2xl font-bold text-white">
          <LogoMark className="size-9" />
          {brand.name}
        </p>
        <div className="mt-6 rounded-xl bg-white p-6 shadow-xl sm:p-8">{children}</div>
        <p className="mt-6 text-center text-sm text-mist">
          Staff only. Sign-ins are recorded with time and address.
        </p>
      </div>
    </main>
  );
}
