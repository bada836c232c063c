import { Copy, Download } from "lucide-react";
import { useEffect, useState } from "react";

/** The saved file: what the codes are for, then one code a line, so a password manager's import reads them. */
export function recoveryCodesText(
  codes: readonly string[],
  where: { site: string; username?: string },
): string {
  const account = where.username ? ` for ${where.username}` : "";
  return [
    `Two-step sign-in recovery codes${account} at ${where.site}`,
    "Each code signs in once instead of an app code. Keep them somewhere safe.",
    "",
    ...codes,
    "",
  ].join("\n");
}

/**
 * Copy and Download for the codes shown once after two-step sign-in is set up. The file is made in the
 * browser (a Blob link): the codes never travel to the server again.
 */
export function RecoveryCodeActions({ codes, username }: { codes: readonly string[]; username?: string }) {
  const [said, setSaid] = useState("");
  const [href, setHref] = useState<string>();
  const site = typeof location === "undefined" ? "" : location.hostname;
  const text = recoveryCodesText(codes, { site, username });

  useEffect(() => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [text]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid("Codes copied.");
    } catch {
      setSaid("The browser did not allow copying: select the codes or download them instead.");
    }
  };

  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      <button type="button" onClick={copy} className="btn-outline min-h-11">
        <Copy className="size-4" aria-hidden="true" />
        Copy Codes
      </button>
      <a
        href={href}
        download={`${username ? `${username}-` : ""}${site || "admin"}-recovery-codes.txt`}
        className="btn-outline min-h-11"
      >
        <Download className="size-4" aria-hidden="true" />
        Download Codes (.txt)
      </a>
      <p role="status" className="text-sm text-ink-muted">
        {said}
      </p>
    </div>
  );
}
