import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { P12Signer } from "@signpdf/signer-p12";
import { SignPdf } from "@signpdf/signpdf";
import { PDFDocument } from "pdf-lib";
import type { SealingCertificate } from "../service";

/**
 * Seals a finished PDF with the firm's certificate (adbe.pkcs7.detached over the whole file but the signature):
 * any later change to a signed byte makes a PDF reader, or `pdfsig`, report the document altered.
 */
export async function sealPdf(
  pdf: Uint8Array,
  cert: SealingCertificate,
  about: { reason: string; firm: string; contact: string; place: string; at: Date },
): Promise<Buffer> {
  const pdfDoc = await PDFDocument.load(pdf);
  pdflibAddPlaceholder({
    pdfDoc,
    reason: about.reason,
    contactInfo: about.contact,
    name: about.firm,
    location: about.place,
    signingTime: about.at,
    signatureLength: 8192,
  });
  // The placeholder must stay findable as plain bytes: no object streams.
  const withPlaceholder = Buffer.from(await pdfDoc.save({ useObjectStreams: false }));
  // The class, not the default instance: the bundled binary sees the CommonJS module without its default.
  return new SignPdf().sign(withPlaceholder, new P12Signer(cert.p12, { passphrase: cert.passphrase }));
}
