import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { BusinessHoursPanel } from "./business-hours-panel";

/** The desk's clock on a screen of its own (Settings): the hours due times count in, holidays and closures. */
export function BusinessHoursPage() {
  return (
    <AdminFrame>
      {() => (
        <>
          <p className="eyebrow">Settings</p>
          <h1 className="mt-2 font-serif text-3xl font-bold text-navy sm:text-4xl">Business Hours</h1>
          <p className="mt-3 max-w-2xl text-ink-muted">
            The hours and days the desk's first-response and delivery times count in. Closures added here move
            every waiting request's due time at once.
          </p>
          <BusinessHoursPanel />
        </>
      )}
    </AdminFrame>
  );
}

export const businessHoursPage = adminPage(BusinessHoursPage, {
  title: "Business Hours",
  description: "The desk's business hours, public holidays and the firm's closures.",
});
