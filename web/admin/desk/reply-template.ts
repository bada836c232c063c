import type { Brand } from "../../../src/contracts/brand";
import { SERVICES } from "../../../src/contracts/services";
import { DRAFT_PLACEHOLDERS, defaultReplySubject } from "../../../src/contracts/submissions";

/**
 * The first draft of a reply from the desk, for staff to edit before sending: it quotes the reference, the
 * service asked for, and that service's published price range and turnaround (the same service data the site
 * shows), and leaves a marked place for the scope and quote.
 */
export function replyDraft(input: {
  reference: string;
  name: string;
  desiredService: string;
  author: string | undefined;
  brand: Pick<Brand, "name" | "phone">;
}): { subject: string; body: string } {
  const service = SERVICES.find((s) => s.id === input.desiredService);
  const firstName = input.name.trim().split(/\s+/)[0] ?? "";
  const about = service
    ? [
        `Thank you for your request ${input.reference} for our ${service.name} service.`,
        "",
        `${service.name}, as published on our site:`,
        `- Price: ${service.pricing}`,
        `- Turnaround: ${service.turnaround}`,
      ]
    : [
        `Thank you for your request ${input.reference}. You were not sure yet which of our services fits your matter; from what you describe, we suggest the following.`,
      ];
  const body = [
    `Hello ${firstName},`,
    "",
    ...about,
    "",
    "For your matter we propose:",
    `- Scope: ${DRAFT_PLACEHOLDERS[0]}`,
    `- Timeline: ${DRAFT_PLACEHOLDERS[1]}`,
    `- Quote: ${DRAFT_PLACEHOLDERS[2]}`,
    "",
    "Once you approve, we send the Engagement Letter; work begins when it is signed and the retainer is in.",
    "",
    `Questions? Reply to this email or call us at ${input.brand.phone}.`,
    "",
    "Kind regards,",
    ...(input.author ? [input.author] : []),
    input.brand.name,
  ].join("\n");
  return { subject: defaultReplySubject(input.reference), body };
}
