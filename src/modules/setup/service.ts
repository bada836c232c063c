import { PATHS } from "../../contracts/paths";
import type { SetupList, SetupStep } from "../../contracts/setup";
import { hasBackupDestination, listed, type SetupSources } from "./model";

const unset = (pairs: [string, string | undefined][]) =>
  pairs.filter(([, value]) => !value?.trim()).map(([name]) => name);

/**
 * The firm's setup list, read from the real state each time it is asked: a step is done when what it needs is
 * there (a setting) and, where a setting alone proves nothing, when it has worked once (a mail delivered, a
 * backup taken).
 */
export function createSetupService(src: SetupSources) {
  function people(): SetupStep {
    const shown = src.people();
    const credentialed = shown.filter((p) => p.credentials?.trim()).length;
    return {
      id: "people",
      title: "People and credentials",
      done: credentialed > 0,
      detail:
        credentialed > 0
          ? `${credentialed} published ${credentialed === 1 ? "person carries" : "people carry"} credentials.`
          : shown.length > 0
            ? "No published person has credentials yet (CPA, CFE and the like): add them to a person."
            : "Publish the firm's people with their credentials: the site shows no one until you do.",
      href: PATHS.adminFirm,
    };
  }

  function address(): SetupStep {
    const missing = unset([
      ["BRAND_ADDRESS", src.brand.address],
      ["BRAND_LICENCES", src.brand.licences],
    ]);
    return {
      id: "address",
      title: "Address and licences",
      done: missing.length === 0,
      detail:
        missing.length === 0
          ? "The office address and licences are shown on the site."
          : `Set ${listed(missing)} in the server's environment file: the site shows no office or licence until then.`,
      settings: ["BRAND_ADDRESS", "BRAND_LICENCES"],
    };
  }

  function letterTerms(): SetupStep {
    const t = src.letterTerms;
    const missing = unset([
      ["FIRM_ARBITRATION_PROVIDER", t.arbitrationProvider],
      ["FIRM_VENUE", t.venue],
      ["FIRM_GOVERNING_LAW", t.governingLaw],
    ]);
    return {
      id: "letterTerms",
      title: "Letter terms",
      done: missing.length === 0,
      detail:
        missing.length === 0
          ? "Engagement letters state the firm's dispute terms."
          : `Set ${listed(missing)}: no engagement letter is sent while a term is missing.`,
      settings: ["FIRM_ARBITRATION_PROVIDER", "FIRM_VENUE", "FIRM_GOVERNING_LAW"],
    };
  }

  function payment(): SetupStep {
    const done = Boolean(src.paymentUrl?.trim());
    return {
      id: "payment",
      title: "Payment link",
      done,
      detail: done
        ? "Clients pay through the firm's payment link."
        : "Set PAYMENT_URL to the processor's payment link: until then clients see no Pay button.",
      settings: ["PAYMENT_URL"],
    };
  }

  function mail(): SetupStep {
    const sentAt = src.mail.configured ? src.mail.lastSentAt() : null;
    return {
      id: "mail",
      title: "Mail",
      done: sentAt !== null,
      detail: !src.mail.configured
        ? "Set SMTP_URL and MAIL_FROM: no confirmation, reply or invitation is sent until then."
        : sentAt === null
          ? "Mail is configured but none has been delivered yet: invite a colleague or answer a request to prove it works."
          : "Mail is configured and has been delivered.",
      settings: ["SMTP_URL", "MAIL_FROM"],
    };
  }

  function backups(): SetupStep {
    const destination = hasBackupDestination(src.backups);
    const lastGoodAt = src.backups.lastGoodAt();
    return {
      id: "backups",
      title: "Backups",
      done: destination && lastGoodAt !== null,
      detail: !destination
        ? "Set BACKUP_S3_URL, or BACKUP_DIR to a folder off the data folder's disk: a copy beside the data is lost with it."
        : lastGoodAt === null
          ? "A destination is set but no backup has succeeded yet: take one now."
          : "Backups are taken and kept off the data folder.",
      href: PATHS.adminBackups,
      settings: ["BACKUP_S3_URL", "BACKUP_DIR"],
    };
  }

  return {
    list(): SetupList {
      const steps = [people(), address(), letterTerms(), payment(), mail(), backups()];
      return { done: steps.every((s) => s.done), steps };
    },
  };
}

export type SetupService = ReturnType<typeof createSetupService>;
