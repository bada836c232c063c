import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { P12Signer } from "@signpdf/signer-p12";
import { Signer, SignPdf } from "@signpdf/signpdf";
import { PDFDocument } from "pdf-lib";
import type { SealingCertificate } from "../service";
import { withTimestamp } from "./timestamp";

/** The firm's P12 signature, then the authority's RFC 3161 timestamp over it (PAdES B-T, ADR 298). */
class TimestampedSigner extends Signer {
  constructor(
    private readonly inner: Signer,
    private readonly url: string,
  ) {
    super();
  }
  override async sign(pdf: Buffer, signingTime?: Date): Promise<Buffer> {
    const cms = await this.inner.sign(pdf, signingTime);
    return (await withTimestamp(cms, this.url)).cms;
  }
}

/**
 * Seals a finished PDF with the firm's certificate (adbe.pkcs7.detached over the whole file but the signature):
 * any later change to a signed byte makes a PDF reader, or `pdfsig`, report the document altered.
 */
export async function sealPdf(
  pdf: Uint8Array,
  cert: SealingCertificate,
  about: {
    reason: string;
    firm: string;
    contact: string;
    place: string;
    at: Date;
    /** The time-stamping authority (TSA_URL); without one the seal carries the server's time only. */
    timestampUrl?: string;
  },
): Promise<Buffer> {
  const pdfDoc = await PDFDocument.load(pdf);
  pdflibAddPlaceholder({
    pdfDoc,
    reason: about.reason,
    contactInfo: about.contact,
    name: about.firm,
    location: about.place,
    signingTime: about.at,
    // A timestamp token carries the authority's certificates: room for them beside the firm's.
    signatureLength: about.timestampUrl ? 24_576 : 8192,
  });
  // The placeholder must stay findable as plain bytes: no object streams.
  const withPlaceholder = Buffer.from(await pdfDoc.save({ useObjectStreams: false }));
  // The class, not the default instance: the bundled binary sees the CommonJS module without its default.
  const firm = new P12Signer(cert.p12, { passphrase: cert.passphrase });
  return new SignPdf().sign(
    withPlaceholder,
    about.timestampUrl ? new TimestampedSigner(firm, about.timestampUrl) : firm,
  );
}
