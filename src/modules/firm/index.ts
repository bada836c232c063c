import type { FirmAuthor } from "../../contracts/firm";
import type { Auth } from "../auth";
import { firmRoutes } from "./routes";
import { createFirmService, type FirmServiceDeps } from "./service";

export type FirmDeps = FirmServiceDeps & { requireAdmin: Auth["requireAdmin"]; trustProxy: boolean };

/**
 * The firm's proof (ADR 115, ADR 228 shape): people and testimonials the admin manages, the people's photos,
 * and the public profile the pages show. Other features and app.ts import only from here.
 */
export function createFirm({ requireAdmin, trustProxy, ...deps }: FirmDeps) {
  const service = createFirmService(deps);
  return {
    module: firmRoutes(service, requireAdmin, trustProxy),
    profile: service.profile,
    /** How consultations happen, for the portal and the invitations (null until the firm says). */
    consultationPlace: service.settings.consultationPlace,
    authors: service.authors,
    /** Demo mode's sample people and testimonials, marked Sample (ADR 301); nothing outside demo mode. */
    seedSamples: service.seedSamples,
  };
}

/** The firm's published people, as the articles that name one as author read them (ADR 269). */
export type FirmAuthors = () => FirmAuthor[];
