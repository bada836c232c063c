import { DEFAULT_HOURLY_RATE_CENTS } from "./ledger";
import type { EngagementDraft, FeeKind } from "./portal";
import { SERVICES } from "./services";

const MATTER_NAMES: Record<string, string> = {
  "family-law": "Family law",
  "probate-estate": "Probate or estate",
  commercial: "Commercial",
  other: "Other matter",
};

export const matterName = (matterType: string) => MATTER_NAMES[matterType] ?? matterType;

export const serviceName = (id: string) => SERVICES.find((s) => s.id === id)?.name ?? "Services as scoped";

const FEE_KIND_OF: Record<string, FeeKind> = {
  "transaction-trace": "retainer",
  "judgment-intel": "monthly",
};

/**
 * What the desk pre-fills for a request's engagement, from the same service data the public pages show: the
 * published price (the low end of a range), the longest published turnaround in business days.
 */
export function engagementDefaults(serviceId: string): Omit<EngagementDraft, "scope"> & { scope: string } {
  const service = SERVICES.find((s) => s.id === serviceId);
  if (!service)
    return {
      scope: "",
      feeCents: 150_000,
      feeKind: "flat",
      turnaroundBusinessDays: 10,
      expedite: false,
    };
  const numbers = [...service.turnaround.matchAll(/\d+/g)].map((m) => Number(m[0]));
  const longest = numbers.length ? Math.max(...numbers.filter((n) => n !== 72)) : 60;
  const days = /week/.test(service.turnaround) ? longest * 5 : longest;
  return {
    scope: service.description,
    feeCents: service.offer.minPrice * 100,
    feeKind: FEE_KIND_OF[service.id] ?? "flat",
    turnaroundBusinessDays: Math.min(120, Math.max(1, Number.isFinite(days) ? days : 60)),
    expedite: false,
    // Judgment Intel is billed per subject per month (the fee above is the range's low end, per subject);
    // the subjects are named by the desk, the sweeps quarterly unless monthly ones were agreed.
    ...(service.id === "judgment-intel" ? { subjects: [], cadence: "quarterly" as const } : {}),
    // A retainer's hours are billed at the published rate unless the desk agrees another.
    ...(FEE_KIND_OF[service.id] === "retainer" ? { hourlyRateCents: DEFAULT_HOURLY_RATE_CENTS } : {}),
  };
}
