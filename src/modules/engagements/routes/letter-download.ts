/**
 * A letter's PDF as either side gets it: saved as a file rather than opened in the site's own context (its
 * path gives it the download's sandboxing policy, src/http/security.ts), and never cached.
 */
export const letterDownload = (bytes: Uint8Array, filename: string) =>
  new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
