import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import { formatDateTime } from "../../../contracts/time-format";
import { wrapText } from "./text-fit";

export type CompletionEvent = {
  kind: string;
  at: string;
  ip: string | null;
  userAgent: string | null;
  detail: string | null;
};

/** One party's signature as the certificate lists it (ADR 297). */
export type CertifiedSigner = {
  name: string;
  email: string;
  role: string;
  typedName: string;
  at: string;
  ip: string | null;
  authentication: string;
};

export type Completion = {
  firm: string;
  reference: string;
  /**
   * Every party who signed, in order, and the firm's countersigner (ADR 297). With one party and no
   * countersignature the page reads as it always did: the signer, their address, the name typed, how.
   */
  signers?: readonly CertifiedSigner[];
  countersigner?: CertifiedSigner | null;
  /** What the seal's time rests on: the authority's RFC 3161 timestamp, or none (ADR 298). */
  timestamp?: string;
  /** Who the letter is addressed to and where its links were emailed: the one person who may sign it. */
  signer: { name: string; email: string };
  /** The name the signer typed as their signature (the same name, as the portal compares them). */
  typedName: string;
  timeZone: string;
  authentication: string;
  letterSha256: string;
  consentSha256: string | null;
  events: readonly CompletionEvent[];
};

/**
 * Text the standard PDF fonts can draw: accents are folded (José -> Jose) and anything else WinAnsi lacks is
 * replaced, so a client's name or browser never stops a signature. The stored values keep the original.
 */
export function drawable(font: PDFFont, text: string): string {
  const folded = text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  let out = "";
  for (const ch of folded) {
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += "?";
    }
  }
  return out;
}

const EVENT_NAMES: Record<string, string> = {
  sent: "Letter sent (link emailed)",
  opened: "Portal opened with the emailed link",
  "letter-opened": "Letter opened by the client",
  consented: "Consented to sign electronically",
  signed: "Signed",
  countersigned: "Countersigned for the firm",
};

/** Appends the certificate of completion: who signed, how they were identified, each event and the hashes. */
export async function appendCompletionPage(pdf: Uint8Array, c: Completion): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);
  let page = doc.addPage([612, 792]);
  let y = 730;
  const ink = rgb(0.1, 0.12, 0.16);
  /**
   * One line of text, or several: long values (a browser, a hash in a sentence, a 200-character name) wrap inside
   * the right margin, as the font measures them, rather than lose their end or run off the page.
   */
  const line = (text: string, f: PDFFont = font, size = 9.5, x = 66) => {
    const rows = wrapText(drawable(f, text), 546 - x, (row) => f.widthOfTextAtSize(row, size));
    for (const row of rows) {
      if (y < 70) {
        page = doc.addPage([612, 792]);
        y = 730;
      }
      page.drawText(row, { x, y, size, font: f, color: ink });
      y -= size + 5;
    }
  };

  const firmTime = { format: (at: Date) => formatDateTime(at, c.timeZone, { seconds: true }) };

  line("Certificate of completion", bold, 16);
  y -= 6;
  line(`${c.firm}, engagement letter ${c.reference}`, font, 10.5);
  const parties = c.signers ?? [];
  if (parties.length <= 1 && !c.countersigner) {
    line(`Signer (the person the letter is addressed to): ${c.signer.name}`);
    line(`Signer's email address: ${c.signer.email}`);
    line(`Name typed as the signature: ${c.typedName}`);
    line(`Authentication: ${c.authentication}`);
  } else {
    y -= 4;
    line("Signers, in the order they signed", bold, 12);
    const signerLines = (p: CertifiedSigner, heading: string) => {
      y -= 4;
      line(heading, bold, 10);
      line(`Name: ${p.name}; email address: ${p.email}; role: ${p.role}`, font, 9, 80);
      line(`Name typed as the signature: ${p.typedName}`, font, 9, 80);
      const at = new Date(p.at);
      line(
        `Signed ${at.toISOString().replace(".000Z", "Z")} (UTC); ${firmTime.format(at)} (${c.timeZone})${p.ip ? `, from ${p.ip}` : ""}`,
        font,
        9,
        80,
      );
      line(`Authentication: ${p.authentication}`, font, 9, 80);
    };
    parties.forEach((p, i) => {
      signerLines(p, `${i + 1}. ${p.name}, ${p.role}`);
    });
    if (c.countersigner)
      signerLines(c.countersigner, `Countersignature for ${c.firm}: ${c.countersigner.name}`);
    y -= 4;
  }
  if (c.timestamp) line(`Timestamp: ${c.timestamp}`);
  line("Letter as presented, SHA-256:");
  line(c.letterSha256, mono, 8.5, 80);
  if (c.consentSha256) {
    line("Consumer disclosure as shown, SHA-256:");
    line(c.consentSha256, mono, 8.5, 80);
  }
  y -= 8;
  line("Events", bold, 12);
  for (const e of c.events) {
    y -= 4;
    // With several parties the letter was not opened by "the client" alone: the detail says who opened it.
    const name =
      e.kind === "letter-opened" && parties.length > 1 ? "Letter opened in the portal" : EVENT_NAMES[e.kind];
    line(name ?? e.kind, bold, 10);
    const at = new Date(e.at);
    line(
      `${at.toISOString().replace(".000Z", "Z")} (UTC); ${firmTime.format(at)} (${c.timeZone})`,
      font,
      9,
      80,
    );
    if (e.ip) line(`IP address: ${e.ip}`, font, 9, 80);
    if (e.userAgent) line(`Browser: ${e.userAgent}`, font, 8.5, 80);
    if (e.detail) line(e.detail, font, 9, 80);
  }
  y -= 10;
  line(
    "This document is sealed with the firm's certificate: a PDF reader reports any change made after sealing.",
    font,
    8.5,
  );
  return doc.save();
}
