import { Elysia } from "elysia";
import * as v from "valibot";
import { STRIPE_WEBHOOK_PATH, UNMATCHED_PAYMENTS_API } from "../../contracts/payments";
import { actorFrom, requireId } from "../../http/admin-http";
import { clientAddress } from "../../http/client-address";
import type { Auth } from "../auth";
import { MatchPaymentSchema, PAYMENTS_MESSAGES } from "./model";
import type { PaymentsService } from "./service";

const PaymentParams = v.object({ id: v.string() });

/**
 * Stripe's webhook. The body is read as bytes and never parsed by the framework (`parse: "none"`): the
 * signature is over the bytes exactly as sent, and any re-encoding would break it.
 */
export function stripeWebhookRoutes(deps: { service: PaymentsService; trustProxy: boolean }) {
  return new Elysia({ name: "payments-webhook" }).post(
    STRIPE_WEBHOOK_PATH,
    async ({ request, server, set }) => {
      const body = new Uint8Array(await request.arrayBuffer());
      const outcome = await deps.service.stripe(
        body,
        request.headers.get("stripe-signature") ?? "",
        clientAddress(request, server, deps.trustProxy),
      );
      set.headers["cache-control"] = "no-store";
      return { received: true, outcome };
    },
    { parse: "none" },
  );
}

/** The desk's list of payments that named no engagement, and its two answers to each: match or dismiss. */
export function unmatchedPaymentsRoutes(deps: {
  service: PaymentsService;
  auth: Pick<Auth, "requireAdmin">;
  trustProxy: boolean;
}) {
  const { service } = deps;
  const actor = actorFrom(deps.trustProxy);
  const idOf = (raw: string) => requireId(raw, PAYMENTS_MESSAGES.notFound);
  return new Elysia({ name: "payments-unmatched", prefix: UNMATCHED_PAYMENTS_API })
    .use(deps.auth.requireAdmin)
    .get("/", ({ set }) => {
      set.headers["cache-control"] = "no-store";
      // The dashboard's payments: what waits to be matched, and each dispute the processor opened (ADR 285).
      return { payments: service.unmatched(), disputes: service.disputes() };
    })
    .post(
      "/:id/match",
      ({ admin, request, server, params, body }) =>
        service.match(idOf(params.id), body, actor(admin, request, server)),
      { params: PaymentParams, body: MatchPaymentSchema },
    )
    .post(
      "/:id/dismiss",
      ({ admin, request, server, params }) => {
        service.dismiss(idOf(params.id), actor(admin, request, server));
        return { dismissed: true };
      },
      { params: PaymentParams },
    );
}
