import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * The layout's boundaries, read from the imports themselves: a module under src/modules/<feature>/ may use
 * another feature only through that feature's index.ts, and the server reaches into web/ only for the page
 * renderer's entry. The lists below name each crossing that is still owed; a new crossing fails here, and a
 * listed one that disappears must be struck from its list (so the lists only ever shrink).
 */
const ROOT = resolve(import.meta.dir, "..");
const SRC = join(ROOT, "src");
/** The one file of web/ the server may import: the page renderer's entry. */
const WEB_ENTRY = "web/app.tsx";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" ? [] : files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveSpec(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  for (const ext of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const path = base + ext;
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return undefined;
}

function imports(): { from: string; to: string }[] {
  const found: { from: string; to: string }[] = [];
  const re = /(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;
  for (const file of files(SRC)) {
    for (const m of readFileSync(file, "utf8").matchAll(re)) {
      const target = resolveSpec(file, m[1] as string);
      if (target) found.push({ from: relative(ROOT, file), to: relative(ROOT, target) });
    }
  }
  return found;
}

const featureOf = (path: string) => /^src\/modules\/([^/]+)\//.exec(path)?.[1];

function crossings(): string[] {
  const out = new Set<string>();
  for (const { from, to } of imports()) {
    const a = featureOf(from);
    const b = featureOf(to);
    if (a && b && a !== b && to !== `src/modules/${b}/index.ts`) out.add(`${from} -> ${to}`);
  }
  return [...out].sort();
}

function webImports(): string[] {
  const out = new Set<string>();
  for (const { from, to } of imports())
    if (to.startsWith("web/") && to !== WEB_ENTRY) out.add(`${from} -> ${to}`);
  return [...out].sort();
}

const OWED_CROSSINGS: string[] = [
  "src/modules/content/index.ts -> src/modules/pages/cache.ts",
  "src/modules/content/public.ts -> src/modules/seo/service.ts",
  "src/modules/desk/digest.ts -> src/modules/mail/automatic.ts",
  "src/modules/desk/digest.ts -> src/modules/mail/outbox.ts",
  "src/modules/desk/digest.ts -> src/modules/privacy/repo/data-requests.ts",
  "src/modules/desk/index.ts -> src/modules/mail/outbox.ts",
  "src/modules/desk/reply-mail.ts -> src/modules/mail/automatic.ts",
  "src/modules/desk/reply-mail.ts -> src/modules/mail/intake-messages.ts",
  "src/modules/desk/reply-mail.ts -> src/modules/mail/repo/mail-outbox.ts",
  "src/modules/desk/service.ts -> src/modules/mail/outbox.ts",
  "src/modules/documents/create.ts -> src/modules/mail/outbox.ts",
  "src/modules/documents/mail.ts -> src/modules/desk/repo/contact-submissions.ts",
  "src/modules/documents/mail.ts -> src/modules/mail/automatic.ts",
  "src/modules/documents/mail.ts -> src/modules/mail/intake-messages.ts",
  "src/modules/documents/mail.ts -> src/modules/mail/repo/mail-outbox.ts",
  "src/modules/documents/staff-routes.ts -> src/modules/mail/outbox.ts",
  "src/modules/firm/index.ts -> src/modules/content/admin-http.ts",
  "src/modules/intake/index.ts -> src/modules/desk/business-clock.ts",
  "src/modules/intake/index.ts -> src/modules/desk/repo/contact-submissions.ts",
  "src/modules/intake/index.ts -> src/modules/mail/outbox.ts",
  "src/modules/intake/receipt.ts -> src/modules/desk/business-clock.ts",
  "src/modules/intake/service.ts -> src/modules/desk/repo/contact-submissions.ts",
  "src/modules/mail/intake-messages.ts -> src/modules/desk/repo/contact-submissions.ts",
  "src/modules/mail/outbox.ts -> src/modules/desk/repo/contact-submissions.ts",
  "src/modules/portal/create.ts -> src/modules/desk/due-service.ts",
  "src/modules/portal/create.ts -> src/modules/mail/outbox.ts",
  "src/modules/portal/create.ts -> src/modules/signing/certificate.ts",
  "src/modules/portal/letter-template.ts -> src/modules/signing/doc-model.ts",
  "src/modules/portal/letter.ts -> src/modules/signing/doc-pdf.ts",
  "src/modules/portal/mail.ts -> src/modules/desk/repo/contact-submissions.ts",
  "src/modules/portal/mail.ts -> src/modules/mail/automatic.ts",
  "src/modules/portal/mail.ts -> src/modules/mail/intake-messages.ts",
  "src/modules/portal/mail.ts -> src/modules/mail/repo/mail-outbox.ts",
  "src/modules/portal/service.ts -> src/modules/desk/due-service.ts",
  "src/modules/portal/service.ts -> src/modules/desk/repo/contact-submissions.ts",
  "src/modules/portal/service.ts -> src/modules/desk/repo/submission-desk.ts",
  "src/modules/portal/service.ts -> src/modules/desk/repo/submission-events.ts",
  "src/modules/portal/service.ts -> src/modules/signing/certificate.ts",
  "src/modules/portal/service.ts -> src/modules/signing/completion.ts",
  "src/modules/portal/service.ts -> src/modules/signing/seal.ts",
  "src/modules/privacy/data-requests.ts -> src/modules/desk/repo/contact-submissions.ts",
  "src/modules/privacy/data-requests.ts -> src/modules/desk/repo/submission-desk.ts",
  "src/modules/privacy/data-requests.ts -> src/modules/desk/repo/submission-replies.ts",
  "src/modules/privacy/data-requests.ts -> src/modules/desk/repo/submission-responses.ts",
  "src/modules/privacy/data-requests.ts -> src/modules/mail/repo/mail-outbox.ts",
  "src/modules/privacy/data-requests.ts -> src/modules/portal/engagements.repo.ts",
  "src/modules/privacy/retention.ts -> src/modules/desk/repo/submission-desk.ts",
  "src/modules/staff/cli.ts -> src/modules/auth/users.ts",
  "src/modules/staff/index.ts -> src/modules/mail/outbox.ts",
  "src/modules/staff/mail.ts -> src/modules/mail/automatic.ts",
  "src/modules/staff/mail.ts -> src/modules/mail/compose.ts",
  "src/modules/staff/service.ts -> src/modules/auth/model.ts",
  "src/modules/staff/service.ts -> src/modules/auth/passwords.ts",
  "src/modules/staff/service.ts -> src/modules/auth/sessions.ts",
  "src/modules/staff/service.ts -> src/modules/auth/users.ts",
  "src/modules/staff/service.ts -> src/modules/mail/outbox.ts",
  "src/modules/staff/service.ts -> src/modules/mail/repo/mail-outbox.ts",
];
const OWED_WEB_IMPORTS: string[] = [
  "src/app.ts -> web/lib/paths.ts",
  "src/db/migrations/004-resources-seed.ts -> web/content/resources.ts",
  "src/db/migrations/016-firm-proof.ts -> web/content/resources.ts",
  "src/db/migrations/016-firm-proof.ts -> web/content/sample-report.ts",
  "src/db/migrations/019-built-in-articles.ts -> web/content/articles/catalog.ts",
  "src/http/security.ts -> web/lib/paths.ts",
  "src/modules/auth/guard.ts -> web/lib/paths.ts",
  "src/modules/content/articles.ts -> web/lib/reading-time.ts",
  "src/modules/content/public.ts -> web/content/articles-page.ts",
  "src/modules/content/public.ts -> web/lib/page-data.ts",
  "src/modules/content/public.ts -> web/lib/paths.ts",
  "src/modules/content/resources.ts -> web/generated/documents.ts",
  "src/modules/content/resources.ts -> web/lib/file-size.ts",
  "src/modules/content/sections-markdown.ts -> web/content/articles/types.ts",
  "src/modules/desk/digest.ts -> web/content/intake.ts",
  "src/modules/desk/digest.ts -> web/lib/dates.ts",
  "src/modules/desk/digest.ts -> web/lib/paths.ts",
  "src/modules/desk/service.ts -> web/content/intake.ts",
  "src/modules/intake/index.ts -> web/lib/paths.ts",
  "src/modules/intake/visit-source.ts -> web/routes.ts",
  "src/modules/mail/intake-messages.ts -> web/content/intake.ts",
  "src/modules/mail/intake-messages.ts -> web/content/thanks.ts",
  "src/modules/mail/intake-messages.ts -> web/lib/paths.ts",
  "src/modules/pages/head.ts -> web/lib/meta.ts",
  "src/modules/pages/index.ts -> web/lib/page-data.ts",
  "src/modules/pages/index.ts -> web/routes.ts",
  "src/modules/pages/render.tsx -> web/lib/page-data.ts",
  "src/modules/pages/render.tsx -> web/routes.ts",
  "src/modules/pages/structured-data.ts -> web/content/services.ts",
  "src/modules/portal/defaults.ts -> web/content/services.ts",
  "src/modules/portal/index.ts -> web/lib/paths.ts",
  "src/modules/portal/letter-template.ts -> web/content/services.ts",
  "src/modules/privacy/index.ts -> web/lib/page-data.ts",
  "src/modules/privacy/index.ts -> web/lib/paths.ts",
  "src/modules/seo/service.ts -> web/routes.ts",
  "src/modules/staff/service.ts -> web/lib/paths.ts",
];

describe("layout", () => {
  test("a feature uses another feature only through its index.ts", () => {
    expect(crossings()).toEqual(OWED_CROSSINGS);
  });

  test("the server imports nothing from web/ but the page renderer's entry", () => {
    expect(webImports()).toEqual(OWED_WEB_IMPORTS);
  });

  // The record of the data keys in use is the cipher's own (ADR 135).
  test("src/db holds only the connection, its migrations and the cipher", () => {
    const kept = readdirSync(join(SRC, "db")).filter((n) => !n.endsWith(".test.ts"));
    expect(kept.sort()).toEqual([
      "cipher.ts",
      "data-keys-in-use.ts",
      "encryption.ts",
      "forget-deleted.ts",
      "index.ts",
      "migrations",
    ]);
  });
});
