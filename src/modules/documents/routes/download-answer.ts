import type { DocumentDownload } from "../service";
import { tusRefusals } from "./tus";

/**
 * A document sent as a download, to the client or the desk: octets whatever its kind (no browser renders it),
 * never cached, its name in both forms a browser reads, and the SHA-256 recorded when it arrived. Its refusals
 * (not found) carry the tus answers' headers, as they always have; a file that fails its check is answered by
 * the error handler as the service threw it.
 */
export async function downloadAnswer(download: () => Promise<DocumentDownload>) {
  const file = await tusRefusals(download);
  const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return new Response(file.body, {
    headers: {
      "content-type": "application/octet-stream",
      "content-length": String(file.size),
      "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "cache-control": "no-store",
      "x-content-sha256": file.sha256,
    },
  });
}
