import { useState } from "react";
import { DATA_REQUEST_DUE_DAYS, type DataRequestItem } from "../../../src/contracts/privacy";
import { apiRequest } from "../../lib/api";
import { serverMessage } from "../../lib/api-errors";
import { toast } from "../../lib/toast-store";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { RequestCard } from "./data-request-card";
import { NewRequestForm } from "./data-request-form";
import { dataRequestApi, useDataRequests } from "./privacy-api";
import { PrivacyTabs } from "./privacy-tabs";

export function DataRequestsPage() {
  return <AdminFrame>{() => <DataRequests />}</AdminFrame>;
}

function DataRequests() {
  const { items, reload } = useDataRequests();
  const [erasing, setErasing] = useState<DataRequestItem | null>(null);
  const [pending, setPending] = useState(false);

  const act = async (item: DataRequestItem, action: "erase" | "complete") => {
    setPending(true);
    try {
      const res = await apiRequest("POST", dataRequestApi[action](item.id));
      const body = (await res.json()) as { erased?: number };
      toast({
        title: action === "erase" ? "Intakes Erased" : "Request Completed",
        description:
          action === "erase"
            ? `${body.erased ?? 0} ${body.erased === 1 ? "intake was" : "intakes were"} deleted with their notes and mail; a receipt for each is in the audit log. The address is no longer kept.`
            : `Request #${item.id} is completed. The address is no longer kept.`,
      });
      await reload();
    } catch (error) {
      toast({
        title: action === "erase" ? "Nothing Erased" : "Request Not Completed",
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
      setErasing(null);
    }
  };

  return (
    <>
      <p className="eyebrow">Data &amp; Privacy</p>
      <h1 className="mt-2 font-serif text-3xl font-bold text-navy sm:text-4xl">Data Requests</h1>
      <p className="mt-3 max-w-2xl text-ink-muted">
        Requests from people to access, correct or delete the personal information we hold, or to opt out.
        Each is due {DATA_REQUEST_DUE_DAYS} days after it is received. Every step is recorded in the audit
        log; once a request is completed its email address is no longer kept.
      </p>
      <PrivacyTabs />
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,24rem)_1fr]">
        <NewRequestForm onCreated={reload} />
        <section aria-labelledby="requests-title">
          <h2 id="requests-title" className="font-serif text-2xl font-bold text-navy">
            Requests
          </h2>
          <div aria-live="polite">
            {items === null && <p className="mt-3 text-ink-muted">Loading data requests...</p>}
            {items === "failed" && (
              <p className="mt-3 text-ink-muted">The data requests could not be loaded.</p>
            )}
            {Array.isArray(items) && items.length === 0 && (
              <p className="mt-3 text-ink-muted">No data requests have been recorded yet.</p>
            )}
          </div>
          {Array.isArray(items) && items.length > 0 && (
            <ul className="mt-4 space-y-4">
              {items.map((item) => (
                <RequestCard
                  key={item.id}
                  item={item}
                  pending={pending}
                  onErase={() => setErasing(item)}
                  onComplete={() => act(item, "complete")}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
      <ConfirmDialog
        open={erasing !== null}
        title="Erase These Intakes?"
        text={
          erasing &&
          `Every intake from the address of request #${erasing.id} (${erasing.intakeCount} now) is deleted for good, with its notes and queued mail, and the request is completed. This cannot be undone.`
        }
        confirmLabel="Erase Intakes"
        pendingLabel="Erasing..."
        pending={pending}
        onConfirm={() => erasing && act(erasing, "erase")}
        onCancel={() => setErasing(null)}
      />
    </>
  );
}

export const dataRequestsPage = adminPage(DataRequestsPage, {
  title: "Data Requests",
  description: "Access, correction, deletion and opt-out requests, with their due dates.",
});
