import { ConsultationPlacePanel } from "../firm";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { UpcomingConsultationsPanel } from "./upcoming-consultations-panel";

/** The consultations clients have booked through the portal, soonest first, each with its request. */
export function ConsultationsPage() {
  return (
    <AdminFrame>
      {() => (
        <>
          <p className="eyebrow">Work</p>
          <h1 className="mt-2 font-serif text-3xl font-bold text-navy sm:text-4xl">Consultations</h1>
          <p className="mt-3 max-w-2xl text-ink-muted">
            Calls clients have booked from their portal once their letter is signed. Open the request to see
            the engagement, move the booking or write to the client.
          </p>
          <div className="mt-8 grid max-w-3xl gap-8">
            {/* How they happen, beside the bookings it applies to (issue 44): a number to call or a video link. */}
            <ConsultationPlacePanel />
            <UpcomingConsultationsPanel />
          </div>
        </>
      )}
    </AdminFrame>
  );
}

export const consultationsPage = adminPage(ConsultationsPage, {
  title: "Consultations",
  description: "The consultations clients have booked, soonest first.",
});
