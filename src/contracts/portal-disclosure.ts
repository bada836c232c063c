import type { Brand } from "./brand";

/**
 * The consumer disclosure a client reads before consenting to sign electronically (ESIGN §101(c)(1)). The
 * server records the SHA-256 of exactly this text with the consent, so what was shown can be proved later.
 */
export const consumerDisclosure = (brand: Brand): readonly string[] => [
  `What you consent to: receiving and signing this engagement letter with ${brand.name}, and the records of this engagement (the signed letter, its certificate of completion, receipts and notices), electronically.`,
  `Paper copy: you may ask for a paper copy of any of these records at any time, free of charge, by writing to ${brand.email} or calling ${brand.phone}.`,
  `Withdrawing consent: you may withdraw this consent at any time by writing to ${brand.email}. Withdrawing does not undo a letter already signed; afterwards we send the letter and notices on paper, which may slow the start of the work.`,
  `Your email address: tell us at ${brand.email} if it changes, so that links and notices reach you.`,
  "What you need: a current web browser, an email account, and a PDF reader to open and keep the signed letter (any current browser opens PDFs). You can save or print the signed copy from this page and from the email we send.",
];
