import * as v from "valibot";
import { oneLine, oneLineMessage, requiredText, tooLong } from "./fields";
import type { Role } from "./roles";

/**
 * Admin sign-in and account contracts, shared by the browser forms and the API. The sign-in form only asks
 * that both fields are filled (SPEC.md section 5): it must not reveal the password policy to a guesser.
 */
export const PASSWORD_MIN_LENGTH = 12;
/** Long passphrases are welcome; the cap only keeps hashing cost bounded. */
export const PASSWORD_MAX_LENGTH = 256;
export const USERNAME_MAX_LENGTH = 64;

export const LOGIN_MESSAGES = {
  usernameRequired: "Username is required",
  passwordRequired: "Password is required",
  failedTitle: "Login Failed",
  failed: "Invalid username or password",
  successTitle: "Login Successful",
  logoutTitle: "Logged Out",
  logout: "You have been successfully logged out",
  logoutFailedTitle: "Logout Failed",
  logoutFailed: "An error occurred while logging out",
} as const;

export const LoginSchema = v.object({
  username: v.pipe(
    v.string(LOGIN_MESSAGES.usernameRequired),
    oneLine(oneLineMessage("Username")),
    v.trim(),
    v.nonEmpty(LOGIN_MESSAGES.usernameRequired),
    v.maxLength(USERNAME_MAX_LENGTH, tooLong("Username", USERNAME_MAX_LENGTH)),
  ),
  password: v.pipe(
    v.string(LOGIN_MESSAGES.passwordRequired),
    v.nonEmpty(LOGIN_MESSAGES.passwordRequired),
    v.maxLength(PASSWORD_MAX_LENGTH, tooLong("Password", PASSWORD_MAX_LENGTH)),
  ),
});
export type LoginInput = v.InferOutput<typeof LoginSchema>;

/** Usernames admins are created with (CLI and ADMIN_USERNAME). */
export const UsernameSchema = v.pipe(
  requiredText("Username", USERNAME_MAX_LENGTH),
  v.regex(/^[A-Za-z0-9._@-]+$/, "Username may contain letters, digits, dots, hyphens, underscores and @"),
);

/** The password policy: length only, no composition rules (NIST SP 800-63B, ASVS 2.1). */
export const NewPasswordSchema = v.pipe(
  v.string("Password is required"),
  v.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
  v.maxLength(PASSWORD_MAX_LENGTH, tooLong("Password", PASSWORD_MAX_LENGTH)),
);

export const PasswordChangeSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(
      v.string("Current password is required"),
      v.nonEmpty("Current password is required"),
    ),
    newPassword: NewPasswordSchema,
    confirmPassword: v.string("Confirm the new password"),
  }),
  v.forward(
    v.partialCheck(
      [["newPassword"], ["confirmPassword"]],
      (i) => i.newPassword === i.confirmPassword,
      "The passwords do not match",
    ),
    ["confirmPassword"],
  ),
);
export type PasswordChangeInput = v.InferOutput<typeof PasswordChangeSchema>;

export const TotpCodeSchema = v.pipe(
  v.string("Enter the 6-digit code from your authenticator app"),
  v.transform((s) => s.replace(/\s+/g, "")),
  v.regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"),
);

/** A recovery code as shown to the admin: ten letters/digits, grouped 5-5. */
export const RecoveryCodeSchema = v.pipe(
  v.string("Enter a recovery code"),
  v.transform((s) => s.replace(/[\s-]+/g, "").toLowerCase()),
  v.regex(/^[a-z0-9]{10}$/, "Enter a recovery code like abcde-12345"),
);

/** The second sign-in step: a code from the app, or one recovery code. */
export const MfaLoginSchema = v.union([
  v.object({ code: TotpCodeSchema }),
  v.object({ recoveryCode: RecoveryCodeSchema }),
]);

/**
 * What is wrong with a second step's code as typed (the app's code, or a recovery code when `recovery`), in the
 * chosen branch's words: the union alone would report its branches together. Undefined when it reads right.
 */
export function mfaCodeProblem(value: string, recovery: boolean): string | undefined {
  const r = v.safeParse(MfaLoginSchema, recovery ? { recoveryCode: value } : { code: value });
  if (r.success) return undefined;
  const field = recovery ? "recoveryCode" : "code";
  return r.issues[0].issues?.find((i) => v.getDotPath(i) === field)?.message ?? r.issues[0].message;
}

export const MfaConfirmSchema = v.object({ code: TotpCodeSchema });
export const MfaDisableSchema = v.object({
  password: v.pipe(v.string("Password is required"), v.nonEmpty("Password is required")),
});

export const PASSKEY_NAME_MAX_LENGTH = 60;
export const PasskeyNameSchema = requiredText("Name", PASSKEY_NAME_MAX_LENGTH);

/**
 * What adding a passkey asks for first: the account's second factor as it stands (a code from the app or a
 * recovery code), or its password when it has none (ADR 261). Which one the account takes is the service's rule.
 */
export const PasskeyProofSchema = v.union([
  v.object({ code: TotpCodeSchema }),
  v.object({ recoveryCode: RecoveryCodeSchema }),
  v.object({ password: v.pipe(v.string("Enter your password."), v.nonEmpty("Enter your password.")) }),
]);

/** A WebAuthn response as @simplewebauthn/browser hands it over; the server's library checks its inside. */
const CredentialJsonSchema = v.looseObject({
  id: v.pipe(v.string(), v.nonEmpty(), v.maxLength(1024)),
  rawId: v.pipe(v.string(), v.maxLength(1024)),
  type: v.literal("public-key"),
  response: v.looseObject({ clientDataJSON: v.pipe(v.string(), v.maxLength(4096)) }),
  clientExtensionResults: v.optional(v.record(v.string(), v.unknown()), {}),
});
const refusedCredential = "This passkey could not be read. Try again.";
export const PasskeyAddSchema = v.object({
  name: PasskeyNameSchema,
  response: v.pipe(
    v.unknown(),
    v.check((r) => v.is(CredentialJsonSchema, r), refusedCredential),
  ),
});
export const PasskeySignInSchema = v.object({
  response: v.pipe(
    v.unknown(),
    v.check((r) => v.is(CredentialJsonSchema, r), refusedCredential),
  ),
});

/** GET /api/admin/account/passkeys: what adding one asks for first, and the account's passkeys. */
export type PasskeyView = {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Backed up to a password manager or platform account (the backup flag), so it survives a lost device. */
  synced: boolean;
};
export type PasskeyList = { proof: "code" | "password"; passkeys: PasskeyView[] };

/** GET /api/admin/auth/status */
export type AuthStatus = {
  authenticated: boolean;
  username?: string;
  /** How the team and clients see them: their display name, else their e-mail address, else the username. */
  shownAs?: string;
  /** What they may do in the admin (src/contracts/roles.ts). */
  role?: Role;
  /** Password accepted; the second step (code) is still owed. */
  mfaRequired?: boolean;
  /** Signed in only to set up two-step sign-in (REQUIRE_MFA). */
  mfaEnrolmentRequired?: boolean;
  /** Demo mode only, and only while the demo password is unchanged. */
  demoCredentials?: { username: string; password: string };
};

/** POST /api/admin/login (200) */
/**
 * A password sign-in's answer: signed in, or the second step it still needs: the app's code (`mfaRequired`), the
 * account's passkey (`passkeyRequired`: no session, "Use a Passkey" signs in), or setting up the app.
 */
export type LoginResult = {
  username: string;
  mfaRequired?: boolean;
  passkeyRequired?: boolean;
  mfaEnrolmentRequired?: boolean;
};

/**
 * /admin/login rendered as the answer to its form posted by the browser itself (before or without the page's
 * script): the step it stands at, the message to show, and the username kept.
 */
export type LoginFormState = {
  step: "password" | "code";
  username?: string;
  error?: string;
  /** The password was right and the account's second factor is a passkey: its button finishes. */
  passkeyAsked?: boolean;
};

export type MfaStatus = { enabled: boolean; recoveryCodesLeft: number; required: boolean };
export type MfaEnrolment = { secret: string; otpauthUri: string; qrSvg: string };

/** Per-field messages from a valibot failure: { field: [message] } (DESIGN.md decision 9). */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? "form";
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}
