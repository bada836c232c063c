import type { Brand } from "../../contracts/brand";
import { formatDateTime } from "../../contracts/time-format";
import type { MailMessage } from "../mail";
import { composeText, line } from "../mail";

/**
 * The invitation e-mail, plain text: who invites, the one-time link, when it expires, what comes next. The
 * inviter's username is quoted (compose.ts): it may look like an address, and only our link is a link.
 */
export function invitationMessage(
  to: string,
  ctx: {
    brand: Brand;
    link: string;
    invitedBy: string;
    expiresAt: string;
    mfaRequired: boolean;
    /** The firm's zone, the one the expiry is said in (UTC when not given). */
    timeZone?: string;
  },
): MailMessage {
  const expires = formatDateTime(ctx.expiresAt, ctx.timeZone ?? "UTC");
  return {
    to,
    subject: `${ctx.invitedBy} invited you to the ${ctx.brand.name} admin`,
    ...composeText([
      line`${ctx.invitedBy} invited you to sign in to the ${ctx.brand.name} admin.`,
      "",
      "Open this link to choose your username and password:",
      ctx.link,
      "",
      `The link works once and expires on ${expires}.`,
      ctx.mfaRequired
        ? "You will then set up two-step sign-in with an authenticator app (such as 1Password, Google Authenticator or Microsoft Authenticator)."
        : "You can then set up two-step sign-in with an authenticator app on your Account screen.",
      "",
      "If you did not expect this invitation, ignore this email: nothing happens until the link is used.",
      "",
      `${ctx.brand.name}`,
    ]),
  };
}
