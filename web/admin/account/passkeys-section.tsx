import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { Fingerprint } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import * as v from "valibot";
import { type PasskeyList, PasskeyNameSchema, type PasskeyView } from "../../../src/contracts/admin-auth";
import { passkeyBrowserRefusal } from "../../../src/contracts/portal-access";
import { apiRequest, getJson } from "../../lib/api";
import { serverErrors, serverMessage } from "../../lib/api-errors";
import { formatDateTime } from "../../lib/dates";
import { toast } from "../../lib/toast-store";
import { ADMIN_API } from "../shared/admin-session";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { TextField } from "../shared/text-field";

/** Why the browser made no passkey, in words: cancelled and timed out read the same to the browser. */
const browserRefusal = (error: unknown) =>
  error instanceof Error && error.name === "NotAllowedError"
    ? "The passkey was not created: the request was cancelled or timed out."
    : error instanceof Error && error.name === "SecurityError"
      ? // The browser's own words ("… is an invalid domain") say nothing to a person (issue 44).
        `The passkey was not created. ${passkeyBrowserRefusal(error, window.location.hostname)}`
      : `The passkey was not created: ${error instanceof Error ? error.message : "this browser could not make one"}.`;

/**
 * The admin's passkeys on the account screen: the list with when each was made and last used, adding one (a
 * name, then the account's second factor, then the browser's own prompt) and removing one.
 */
export function PasskeysSection() {
  const [list, setList] = useState<PasskeyList | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PasskeyView | null>(null);
  const [pending, setPending] = useState(false);

  const refresh = () =>
    getJson<PasskeyList>([ADMIN_API.passkeys]).then(setList, () =>
      toast({
        title: "Could Not Load Passkeys",
        description: "Reload the page to try again.",
        variant: "destructive",
      }),
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount
  useEffect(() => {
    void refresh();
  }, []);

  const remove = async () => {
    if (!removing) return;
    setPending(true);
    try {
      await apiRequest("DELETE", `${ADMIN_API.passkeys}/${removing.id}`);
      toast({ title: "Passkey Removed", description: `"${removing.name}" no longer signs you in.` });
      setRemoving(null);
      void refresh();
    } catch (error) {
      toast({
        title: "Passkey Not Removed",
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <section
      aria-labelledby="passkeys-title"
      className="rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <h2 id="passkeys-title" className="flex items-center gap-2 font-serif text-2xl font-bold text-navy">
        <Fingerprint className="size-6" aria-hidden="true" />
        Passkeys
      </h2>
      <p className="mt-2 text-sm text-ink-muted">
        A passkey signs you in with your device's fingerprint, face or PIN instead of a password and code. It
        works only on this site, so a look-alike page cannot catch it.
      </p>
      {list === null ? (
        <p className="mt-4 text-ink-muted">Loading...</p>
      ) : (
        <>
          {list.passkeys.length === 0 ? (
            <p className="mt-4 font-semibold text-ink">No passkeys yet.</p>
          ) : (
            <ul aria-label="Your passkeys" className="mt-4 divide-y divide-line">
              {list.passkeys.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="break-words font-semibold text-ink">{p.name}</p>
                    <p className="text-sm text-ink-muted">
                      Added {formatDateTime(p.createdAt)}. Last used:{" "}
                      {p.lastUsedAt ? formatDateTime(p.lastUsedAt) : "never"}.
                      {p.synced ? " Synced to your password manager or device account." : ""}
                    </p>
                  </div>
                  <button
                    type="button"
                    onClick={() => setRemoving(p)}
                    className="btn-outline"
                    aria-label={`Remove passkey ${p.name}`}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
          {adding ? (
            <AddPasskey
              proof={list.proof}
              onCancel={() => setAdding(false)}
              onAdded={() => {
                setAdding(false);
                void refresh();
              }}
            />
          ) : (
            <button type="button" onClick={() => setAdding(true)} className="btn-navy mt-4">
              Add a Passkey
            </button>
          )}
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title="Remove Passkey"
        text={`"${removing?.name ?? ""}" will no longer sign you in. Remove it from the device too, in its passkey settings.`}
        confirmLabel="Remove Passkey"
        pendingLabel="Removing..."
        pending={pending}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

type ProofKind = "code" | "recoveryCode" | "password";
const PROOF_LABEL: Record<ProofKind, string> = {
  code: "Code from your authenticator app",
  recoveryCode: "Recovery code",
  password: "Your password",
};

function AddPasskey({
  proof,
  onCancel,
  onAdded,
}: {
  proof: PasskeyList["proof"];
  onCancel: () => void;
  onAdded: () => void;
}) {
  const [name, setName] = useState("");
  const [kind, setKind] = useState<ProofKind>(proof === "code" ? "code" : "password");
  const [secret, setSecret] = useState("");
  const [errors, setErrors] = useState<{ name?: string; proof?: string }>({});
  const [pending, setPending] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const proofRef = useRef<HTMLInputElement>(null);

  const nameError = (value: string) => {
    const r = v.safeParse(PasskeyNameSchema, value);
    return r.success ? undefined : r.issues[0].message;
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const next = {
      name: nameError(name),
      proof: secret.trim() ? undefined : `Enter your ${PROOF_LABEL[kind].toLowerCase()}.`,
    };
    setErrors(next);
    if (next.name) return nameRef.current?.focus();
    if (next.proof) return proofRef.current?.focus();
    setPending(true);
    try {
      const res = await apiRequest("POST", ADMIN_API.passkeyOptions, { [kind]: secret });
      const optionsJSON = (await res.json()) as PublicKeyCredentialCreationOptionsJSON;
      // The browser half of WebAuthn is loaded here only: no other screen carries it.
      const { startRegistration } = await import("@simplewebauthn/browser");
      let response: unknown;
      try {
        response = await startRegistration({ optionsJSON });
      } catch (error) {
        setErrors({ proof: browserRefusal(error) });
        setSecret("");
        return;
      }
      await apiRequest("POST", ADMIN_API.passkeys, { name, response });
      toast({ title: "Passkey Added", description: `"${name.trim()}" now signs you in on its own.` });
      onAdded();
    } catch (error) {
      const fields = serverErrors(error);
      const message = fields?.name ?? fields?.[kind] ?? fields?.code ?? fields?.password ?? fields?.passkey;
      if (fields?.name) {
        setErrors({ name: fields.name });
        nameRef.current?.focus();
      } else {
        setErrors({ proof: message ?? serverMessage(error, "Please try again.") });
        proofRef.current?.focus();
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-label="Add a passkey">
      <TextField
        ref={nameRef}
        id="passkey-name"
        label="Name for this passkey"
        hint="Say which device or password manager holds it, such as Work laptop."
        name="name"
        autoComplete="off"
        value={name}
        onChange={(e) => setName(e.target.value)}
        onBlur={() => name && setErrors((x) => ({ ...x, name: nameError(name) }))}
        error={errors.name}
      />
      <TextField
        key={kind}
        ref={proofRef}
        id={`passkey-${kind}`}
        label={PROOF_LABEL[kind]}
        hint={
          kind === "password"
            ? "Your account has no two-step sign-in, so your password confirms it is you."
            : "Confirms it is you before a new way in is added."
        }
        name={kind}
        type={kind === "password" ? "password" : "text"}
        autoComplete={kind === "password" ? "current-password" : "one-time-code"}
        inputMode={kind === "code" ? "numeric" : undefined}
        autoCapitalize="none"
        spellCheck={false}
        value={secret}
        onChange={(e) => setSecret(e.target.value)}
        error={errors.proof}
      />
      {proof === "code" && (
        <button
          type="button"
          onClick={() => {
            setKind((k) => (k === "code" ? "recoveryCode" : "code"));
            setSecret("");
            setErrors((x) => ({ ...x, proof: undefined }));
          }}
          className="min-h-11 text-sm font-semibold text-navy underline underline-offset-4"
        >
          {kind === "code" ? "Use a recovery code instead" : "Use a code from the app instead"}
        </button>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={pending} className="btn-navy disabled:opacity-70">
          {pending ? "Adding..." : "Add Passkey"}
        </button>
        <button type="button" onClick={onCancel} disabled={pending} className="btn-outline">
          Cancel
        </button>
      </div>
    </form>
  );
}
