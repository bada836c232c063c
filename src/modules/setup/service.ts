import { PATHS } from "../../contracts/paths";
import { SETUP_DATA_KEY_COPY_API, type SetupList, type SetupStep } from "../../contracts/setup";
import { backupsBesideKey, hasBackupDestination, listed, type SetupSources } from "./model";

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
            : // A demo's sample people (marked Sample) are on the site, so "shows no one" would not be true there.
              "Publish the firm's own people with their credentials: the site names none of them until you do.",
      href: PATHS.adminFirm,
    };
  }

  /** A step done by settings alone: done when each is set, else naming the ones still unset. */
  function settingsStep(
    id: SetupStep["id"],
    title: string,
    values: Record<string, string | undefined>,
    done: string,
    missing: (names: string) => string,
  ): SetupStep {
    const unset = Object.entries(values)
      .filter(([, value]) => !value?.trim())
      .map(([name]) => name);
    return {
      id,
      title,
      done: unset.length === 0,
      detail: unset.length === 0 ? done : missing(listed(unset)),
      settings: Object.keys(values),
    };
  }

  const address = () =>
    settingsStep(
      "address",
      "Address and licences",
      { BRAND_ADDRESS: src.brand.address, BRAND_LICENCES: src.brand.licences },
      "The office address and licences are shown on the site.",
      (names) =>
        `Set ${names} in the server's environment file: the site shows no office or licence until then.`,
    );

  const letterTerms = () =>
    settingsStep(
      "letterTerms",
      "Letter terms",
      {
        FIRM_ARBITRATION_PROVIDER: src.letterTerms.arbitrationProvider,
        FIRM_VENUE: src.letterTerms.venue,
        FIRM_GOVERNING_LAW: src.letterTerms.governingLaw,
      },
      "Engagement letters state the firm's dispute terms.",
      (names) => `Set ${names}: no engagement letter is sent while a term is missing.`,
    );

  const payment = () =>
    settingsStep(
      "payment",
      "Payment link",
      { PAYMENT_URL: src.paymentUrl },
      "Clients pay through the firm's payment link.",
      () => "Set PAYMENT_URL to the processor's payment link: until then clients see no Pay button.",
    );

  /** How consultations happen (issue 44): until it is set the firm calls each client at the number they gave. */
  function consultationPlace(): SetupStep {
    const done = src.consultationPlace();
    return {
      id: "consultationPlace",
      title: "How consultations happen",
      done,
      detail: done
        ? "Clients see the firm's number or video link beside their booking and in its invitation."
        : "Say how the firm holds its consultations (a number clients call or a video link): until then each booking says the firm calls the client's number.",
      href: PATHS.adminConsultations,
    };
  }

  function mail(): SetupStep {
    const delivered = src.mail.configured && src.mail.delivered();
    return {
      id: "mail",
      title: "Mail",
      done: delivered,
      detail: !src.mail.configured
        ? "Set SMTP_URL and MAIL_FROM: no confirmation, reply or invitation is sent until then."
        : !delivered
          ? "Mail is configured but none has been delivered yet: invite a colleague or answer a request to prove it works."
          : "Mail is configured and has been delivered.",
      settings: ["SMTP_URL", "MAIL_FROM"],
    };
  }

  function scanning(): SetupStep {
    return {
      id: "scanning",
      title: "Virus scanning",
      done: src.scanning.configured,
      detail: src.scanning.configured
        ? "Every upload is scanned by ClamAV before it is accepted; while clamd does not answer, uploads are held unscanned and tried again."
        : "Uploads are not scanned for viruses: set CLAMD_URL to a ClamAV clamd (tcp://host:port or unix:/path) and every file is scanned before it is accepted.",
      settings: ["CLAMD_URL"],
    };
  }

  /**
   * The data key the first start made (DATA_DIR/data-key): the only key to the data and to every backup. It heads
   * the list until an owner says a copy is kept off this machine (ADR 286).
   */
  function dataKey(): SetupStep {
    const { file, keyId } = src.dataKey;
    if (!file)
      return {
        id: "dataKey",
        title: "Data key",
        done: true,
        detail: "The data key is given to the server by DATA_KEY, apart from the data folder.",
        settings: ["DATA_KEY"],
      };
    const confirmed = src.dataKey.copyConfirmed();
    return {
      id: "dataKey",
      title: "Data key",
      done: confirmed !== null,
      detail: confirmed
        ? `A copy of the data key (key ${keyId}, ${file}) is kept elsewhere, as ${confirmed.by} confirmed.`
        : `The server made the data key at its first start: ${file} (key ${keyId}). It alone reads the data and every backup: copy it to the firm's password manager (or move it to DATA_KEY), then confirm.`,
      settings: ["DATA_KEY"],
      ...(confirmed ? {} : { action: { label: "A copy is kept elsewhere", api: SETUP_DATA_KEY_COPY_API } }),
    };
  }

  function backups(): SetupStep {
    const destination = hasBackupDestination(src.backups);
    const besideKey = backupsBesideKey(src.dataKey.file, src.backups);
    const lastGoodAt = src.backups.lastGoodAt();
    return {
      id: "backups",
      title: "Backups",
      done: destination && !besideKey && lastGoodAt !== null,
      detail: !destination
        ? "Set BACKUP_S3_URL, or BACKUP_DIR to a folder off the data folder's disk: a copy beside the data is lost with it."
        : besideKey
          ? "The only backups (BACKUP_DIR) sit on the disk that holds the data key's file: one lost disk loses the key and every backup. Set BACKUP_S3_URL, or BACKUP_DIR to another disk."
          : lastGoodAt === null
            ? "A destination is set but no backup has succeeded yet: take one now."
            : "Backups are taken and kept off the data folder.",
      href: PATHS.adminBackups,
      settings: ["BACKUP_S3_URL", "BACKUP_DIR"],
    };
  }

  return {
    list(): SetupList {
      const steps = [
        dataKey(),
        people(),
        address(),
        letterTerms(),
        payment(),
        consultationPlace(),
        mail(),
        scanning(),
        backups(),
      ];
      return { done: steps.every((s) => s.done), steps };
    },
  };
}

export type SetupService = ReturnType<typeof createSetupService>;
