/**
 * The intake confirmation's Message-ID, derived from the reference so it need not be stored: every later mail
 * about the request (a reply from the desk, the portal's, the documents') sets In-Reply-To and References to it,
 * and mail clients show one thread.
 */
export function confirmationMessageId(reference: string, ctx: { publicUrl: string }): string {
  return `<${reference}.confirmation@${new URL(ctx.publicUrl).hostname}>`;
}
