/**
 * Server-side facts of sign-in: lifetimes, limits, names and the messages the API answers with. The request
 * schemas shared with the browser live in src/contracts/admin-auth.ts.
 */
import type * as v from "valibot";
import type {
  MfaConfirmSchema,
  MfaDisableSchema,
  MfaLoginSchema,
  PasskeyAddSchema,
  PasskeyProofSchema,
} from "../../contracts/admin-auth";

export {
  type LoginInput,
  LoginSchema,
  MfaConfirmSchema,
  MfaDisableSchema,
  MfaLoginSchema,
  PasskeyAddSchema,
  PasskeyProofSchema,
  PasskeySignInSchema,
  type PasswordChangeInput,
  PasswordChangeSchema,
} from "../../contracts/admin-auth";

/** The second step's proof: a code from the app, or an unused recovery code. */
export type MfaLoginInput = v.InferOutput<typeof MfaLoginSchema>;
export type MfaConfirmInput = v.InferOutput<typeof MfaConfirmSchema>;
export type MfaDisableInput = v.InferOutput<typeof MfaDisableSchema>;
export type PasskeyProofInput = v.InferOutput<typeof PasskeyProofSchema>;
export type PasskeyAddInput = v.InferOutput<typeof PasskeyAddSchema>;

const MINUTE = 60_000;

/** NIST SP 800-63B AAL2: re-authenticate after 12 hours, or after 30 minutes without activity. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * MINUTE;
export const SESSION_IDLE_MS = 30 * MINUTE;
/** last_seen_at is written at most this often, so busy screens don't write on every request. */
export const SESSION_TOUCH_MS = MINUTE;
/** Time allowed between the password and the code of a two-step sign-in. */
export const MFA_PENDING_MS = 5 * MINUTE;
/** Time allowed to set up two-step sign-in when REQUIRE_MFA forces it. */
export const ENROL_PENDING_MS = 15 * MINUTE;

/** Failed sign-ins (password or code) allowed per window before 429. Windows end by themselves. */
export const LOGIN_WINDOW_MS = 15 * MINUTE;
export const LOGIN_FAILURES_PER_USERNAME = 10;
export const LOGIN_FAILURES_PER_ADDRESS = 30;

export const SESSION_COOKIE = "tracewell_session";
/** Secure origins get the __Host- prefix: the browser then insists on Secure, Path=/ and no Domain. */
export const sessionCookieName = (secure: boolean) => (secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);

export const RECOVERY_CODE_COUNT = 10;

/**
 * Time to finish a passkey ceremony once its challenge is given: the browser's own timeout and the challenge's
 * life. The challenge is single use whatever happens.
 */
export const PASSKEY_CHALLENGE_MS = 5 * MINUTE;
/** The cookie that binds a passkey sign-in's challenge to the browser that asked for it (signed, like the session's). */
export const passkeyCookieName = (secure: boolean) =>
  secure ? "__Host-tracewell_passkey" : "tracewell_passkey";
/** The algorithms a passkey may use: Ed25519, ES256 and RS256, as the browsers offer them (COSE ids). */
export const PASSKEY_ALGORITHMS = [-8, -7, -257];

/** The demo admin seeded when DEMO=1 (documented in the README). */
export const DEMO_USERNAME = "admin";
export const DEMO_PASSWORD = "tracewell-demo";

/**
 * The demo password is printed in the README and on the demo's sign-in screen: outside demo mode it opens
 * nothing and cannot be chosen, for any admin (ADR 092). Returns why it is refused, or null.
 */
export const demoPasswordRefusal = (password: string, demo: boolean): string | null =>
  !demo && password === DEMO_PASSWORD ? MESSAGES.demoPasswordOutsideDemo : null;

export const MESSAGES = {
  unauthenticated: "Sign in to continue.",
  enrolmentRequired: "Set up two-step sign-in to continue.",
  invalidCredentials: "Invalid username or password",
  invalidCode: "That code did not work. Check your authenticator app and try again.",
  noPendingSignIn: "Your sign-in has expired. Enter your username and password again.",
  throttled: (wait: string) => `Too many failed sign-in attempts. Wait ${wait} and try again.`,
  currentPasswordWrong: "Current password is incorrect",
  samePassword: "Choose a password different from the current one",
  mfaAlreadyEnabled: "Two-step sign-in is already set up. Turn it off first to set it up again.",
  mfaNotStarted: "Start the set-up again: no pending secret was found.",
  mfaRequiredHere: "Two-step sign-in is required on this server and cannot be turned off.",
  mfaNotEnabled: "Two-step sign-in is not set up.",
  passkeyProofNeedsCode: "Enter a code from your authenticator app, or a recovery code.",
  passkeyProofNeedsPassword: "Enter your password.",
  passkeyNotAdded: "This passkey could not be added. Try again, or use another device.",
  passkeyAddExpired: "Adding the passkey took too long. Start again.",
  passkeyAlreadyAdded: "This passkey is already on your account.",
  passkeyRefused: "That passkey did not work. Try again, or sign in with your password.",
  passkeySignInExpired: "Signing in with the passkey took too long. Try again.",
  passkeyNotFound: "No such passkey on your account.",
  demoPasswordOutsideDemo: "That is the public demo password, which works only in demo mode. Choose another",
} as const;
