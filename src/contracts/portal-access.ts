import type * as v from "valibot";
import { PasskeyAddSchema, PasskeySignInSchema } from "./admin-auth";

/**
 * The client's ways back into the portal (issue 44, ADR 299): a device kept signed in for 30 days, and passkeys.
 * Shared by the portal's page, the desk's panel and their routes.
 */
export const PORTAL_DEVICE_DAYS = 30;

export const PORTAL_ACCESS_MESSAGES = {
  noDevice:
    "This browser is not kept signed in. Open your engagement with the link in our latest email, or ask for a fresh one below.",
  passkeyExpired: "The passkey request expired. Press the button to try again.",
  passkeyRefused: "This passkey does not open an engagement here. Use the link in our latest email instead.",
  passkeyNotAdded: "The passkey could not be added. Try again.",
  passkeyAlreadyAdded: "This passkey is already added.",
  passkeyNotFound: "No such passkey on this engagement.",
  /** Adding one needs a session an emailed link (or a passkey) opened: a kept device alone is not enough. */
  passkeyNeedsLink:
    "To add a passkey, open the portal with the link in our latest email first (a browser kept signed in cannot add one).",
  deviceNotFound: "No such device on this engagement.",
} as const;

/**
 * Why a passkey cannot be made at this address, or null. A passkey is bound to the site's name; a numeric
 * address has none, and the browser's own refusal ("… is an invalid domain") tells a client nothing.
 */
export function passkeyAddressProblem(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, "");
  const numeric = /^\d{1,3}(\.\d{1,3}){3}$/.test(bare) || bare.includes(":");
  return numeric
    ? `Passkeys work only at a site's name, and this portal is open at the numeric address ${bare}. Keep using the links we email you, or keep this device signed in.`
    : null;
}

/** What the browser's refusal means, in words for a client; its raw message is never shown. */
export function passkeyBrowserRefusal(error: { name?: string } | null, host: string): string {
  if (error?.name === "NotAllowedError")
    return "No passkey was used: the request was cancelled or timed out.";
  if (error?.name === "SecurityError")
    return (
      passkeyAddressProblem(host) ??
      "Passkeys work only at this site's own address: open this page from its usual address and try again."
    );
  if (error?.name === "InvalidStateError") return PORTAL_ACCESS_MESSAGES.passkeyAlreadyAdded;
  return "This browser could not use a passkey. Use the link in our latest email instead.";
}

export const ClientPasskeyAddSchema = PasskeyAddSchema;
export const ClientPasskeySignInSchema = PasskeySignInSchema;
export type ClientPasskeyAddInput = v.InferOutput<typeof ClientPasskeyAddSchema>;

/** A client's passkey as both sides list it. */
export type ClientPasskeyView = { id: number; name: string; createdAt: string; lastUsedAt: string | null };

/** GET /api/portal/access: how this browser came in and what it can do to come back. */
export type PortalAccessView = {
  /** This browser is kept signed in until then; null when it is not. */
  device: { expiresAt: string } | null;
  passkeys: ClientPasskeyView[];
  /** Why no passkey can be added in this session, or null when one can. */
  passkeyProblem: string | null;
};

/** A device kept signed in, as the desk lists it. */
export type DeskPortalDevice = {
  id: number;
  browser: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string;
  endedAt: string | null;
  endedBy: string | null;
  live: boolean;
};

/** GET /api/admin/submissions/:id/engagement/access: the client's devices and passkeys. */
export type DeskPortalAccess = { devices: DeskPortalDevice[]; passkeys: ClientPasskeyView[] };
