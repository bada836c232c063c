import { useEffect, useState } from "react";
import type { DeskPortalAccess, DeskPortalDevice } from "../../../src/contracts/portal-access";
import { apiAnswer } from "../../lib/api";
import { formatDateTime } from "../../lib/dates";
import { toast } from "../../lib/toast-store";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { useAcceptedChanges } from "../shared/use-accepted-changes";
import { engagementApi } from "./engagement-api";

type Ending = { kind: "device"; device: DeskPortalDevice } | { kind: "passkey"; id: number; name: string };

const At = ({ iso }: { iso: string }) => <time dateTime={iso}>{formatDateTime(iso)}</time>;

/**
 * The client's ways back into the portal (ADR 299): the devices they keep signed in, live first, and their
 * passkeys. Ending a device or removing a passkey takes effect at once: the browser holding it is signed out at
 * its next request. Nothing shows for a request without an engagement.
 */
export function PortalAccessPanel({ submissionId }: { submissionId: number }) {
  const [access, setAccess] = useState<DeskPortalAccess | null>(null);
  const [ending, setEnding] = useState<Ending | null>(null);
  const [pending, setPending] = useState(false);
  const changes = useAcceptedChanges();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `changes` is the signal to read it again.
  useEffect(() => {
    let live = true;
    apiAnswer<DeskPortalAccess>("GET", engagementApi.access(submissionId)).then(
      (a) => live && setAccess(a.ok ? a.data : null),
    );
    return () => {
      live = false;
    };
  }, [submissionId, changes]);

  if (!access) return null;
  const live = access.devices.filter((d) => d.live);
  const past = access.devices.filter((d) => !d.live);

  const confirm = async () => {
    if (!ending) return;
    setPending(true);
    const a = await apiAnswer<DeskPortalAccess>(
      "DELETE",
      ending.kind === "device"
        ? engagementApi.device(submissionId, ending.device.id)
        : engagementApi.passkey(submissionId, ending.id),
    );
    setPending(false);
    if (a.ok) {
      setAccess(a.data);
      toast({
        title: ending.kind === "device" ? "Device Signed Out" : "Passkey Removed",
        description:
          ending.kind === "device"
            ? `${ending.device.browser} no longer opens the client's portal.`
            : `"${ending.name}" no longer opens the client's portal.`,
      });
    } else toast({ title: "Not Changed", description: a.error, variant: "destructive" });
    setEnding(null);
  };

  return (
    <section
      aria-labelledby="portal-access-title"
      className="rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <h2 id="portal-access-title" className="font-serif text-xl font-bold text-navy">
        Client's sign-ins
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Devices the client keeps signed in and passkeys they added. Ending one takes effect at once.
      </p>
      <h3 className="mt-4 font-semibold text-ink">Kept signed in</h3>
      {live.length === 0 ? (
        <p className="mt-1 text-sm text-ink">No device is kept signed in.</p>
      ) : (
        <ul aria-label="Devices kept signed in" className="mt-1 divide-y divide-line">
          {live.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-semibold text-ink">{d.browser}</span>
                <span className="block text-ink-muted">
                  Since <At iso={d.createdAt} />; last used <At iso={d.lastUsedAt} />; until{" "}
                  <At iso={d.expiresAt} />
                </span>
              </span>
              <button
                type="button"
                className="btn-outline"
                aria-label={`Sign out ${d.browser}, kept since ${formatDateTime(d.createdAt)}`}
                onClick={() => setEnding({ kind: "device", device: d })}
              >
                Sign Out
              </button>
            </li>
          ))}
        </ul>
      )}
      {past.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="min-h-11 cursor-pointer py-2 font-semibold text-navy">
            Ended or expired ({past.length})
          </summary>
          <ul className="grid gap-1 text-ink-muted">
            {past.map((d) => (
              <li key={d.id}>
                {d.browser}, kept <At iso={d.createdAt} />:{" "}
                {d.endedAt ? (
                  <>
                    ended <At iso={d.endedAt} /> by {d.endedBy}
                  </>
                ) : (
                  <>
                    expired <At iso={d.expiresAt} />
                  </>
                )}
              </li>
            ))}
          </ul>
        </details>
      )}
      <h3 className="mt-4 font-semibold text-ink">Passkeys</h3>
      {access.passkeys.length === 0 ? (
        <p className="mt-1 text-sm text-ink">No passkey added.</p>
      ) : (
        <ul aria-label="Client's passkeys" className="mt-1 divide-y divide-line">
          {access.passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0 break-words">
                <span className="font-semibold text-ink">{p.name}</span>
                <span className="block text-ink-muted">
                  Added <At iso={p.createdAt} />; last used{" "}
                  {p.lastUsedAt ? <At iso={p.lastUsedAt} /> : "never"}
                </span>
              </span>
              <button
                type="button"
                className="btn-outline"
                aria-label={`Remove passkey ${p.name}`}
                onClick={() => setEnding({ kind: "passkey", id: p.id, name: p.name })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={ending !== null}
        title={ending?.kind === "passkey" ? "Remove the client's passkey?" : "Sign out this device?"}
        text={
          ending?.kind === "passkey"
            ? `"${ending.name}" will no longer open the client's portal. They can come back with a link we email.`
            : `${ending?.kind === "device" ? ending.device.browser : ""} will no longer be kept signed in, and a session open on it ends now. The client can come back with a link we email.`
        }
        confirmLabel={ending?.kind === "passkey" ? "Remove Passkey" : "Sign Out Device"}
        pendingLabel={ending?.kind === "passkey" ? "Removing..." : "Signing out..."}
        pending={pending}
        onConfirm={() => void confirm()}
        onCancel={() => setEnding(null)}
      />
    </section>
  );
}
