import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/**
 * Services throw domain errors only (ADR 291): what a feature's services, repositories, jobs and libraries
 * refuse is a class of src/contracts/errors.ts, with the message the person reads and no HTTP status; the HTTP
 * layer (src/http) answers each kind with its status in one place. A feature's routes (routes.ts, routes/) are
 * the HTTP layer's and may use it.
 */
const ROOT = resolve(import.meta.dir, "..", "..");
/** Where the domain lives: every feature, less its routes; the shared library and the contracts. */
const DOMAIN = ["src/modules", "src/lib", "src/contracts"];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const isRoute = (path: string) => /^src\/modules\/[^/]+\/(routes\.ts$|routes\/)/.test(path);

/** The domain's files, as paths from the project's root. */
function domainFiles(): string[] {
  return DOMAIN.flatMap((dir) => files(join(ROOT, dir)))
    .map((file) => relative(ROOT, file))
    .filter((path) => !isRoute(path))
    .sort();
}

/** Comments say what they like (a service may say a refusal is answered 409); the code is what counts. */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
/** Strings say what the person reads ("at most 500 characters"); a status would be a bare number or a key. */
const withoutStrings = (code: string) =>
  code.replace(/`(?:[^`\\]|\\.)*`|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, '""');

/** A status in what is thrown, or in an error class's body: a `status` key or field, or an HTTP code. */
const STATUS = /\bstatus\b|\b[1-5]\d\d\b/;

/** Every place a domain file imports from src/http, or gives a thrown error (or an error class) a status. */
function httpInDomain(sources: { path: string; text: string }[]): string[] {
  const out: string[] = [];
  for (const { path, text } of sources) {
    const code = withoutComments(text);
    for (const m of code.matchAll(/(?:from|import)\s*\(?\s*["']((?:\.\.?\/)+[^"']*)["']/g)) {
      const target = relative(ROOT, resolve(ROOT, path, "..", m[1] as string));
      if (target === "src/http" || target.startsWith("src/http/")) out.push(`${path}: imports ${target}`);
    }
    const bare = withoutStrings(code);
    for (const m of bare.matchAll(/\bthrow\b[\s\S]*?;/g))
      if (STATUS.test(m[0])) out.push(`${path}: throws ${m[0].replace(/\s+/g, " ").slice(0, 80)}`);
    for (const m of bare.matchAll(/\bclass\s+(\w+)\s+extends\s+\w*Error\b[^{]*\{([\s\S]*?)\n\}/g))
      if (STATUS.test(m[2] as string)) out.push(`${path}: class ${m[1]} carries a status`);
  }
  return out.sort();
}

describe("services throw domain errors only", () => {
  const sources = () => domainFiles().map((path) => ({ path, text: readFileSync(join(ROOT, path), "utf8") }));

  test("no service, repository, job or library imports src/http, nor throws a status", () => {
    // The rule must see what it holds: the features' services and their refusals are among the files read.
    expect(domainFiles().filter((p) => /\/service(\.ts|\/)/.test(p)).length).toBeGreaterThan(30);
    expect(
      sources().filter(({ text }) => /\bthrow new (NotFound|Conflict|Invalid)Error\b/.test(text)).length,
    ).toBeGreaterThan(15);
    expect(httpInDomain(sources())).toEqual([]);
  });

  test("the rule sees an import of the HTTP layer, a status thrown and an error class with a status", () => {
    const service = "src/modules/desk/service/example.ts";
    expect(
      httpInDomain([
        { path: service, text: 'import { NotFoundError } from "../../../http/errors";\n' },
        { path: service, text: 'throw Object.assign(new Error("Gone"), { status: 410 });\n' },
        { path: service, text: "class Late extends Error {\n  readonly code = 408;\n}\n" },
        // What a person reads may hold a number; a comment may name the answer.
        {
          path: service,
          text: 'throw new InvalidError({ body: ["At most 500 characters"] }); // answered 422\n',
        },
      ]),
    ).toEqual([
      `${service}: class Late carries a status`,
      `${service}: imports src/http/errors`,
      `${service}: throws throw Object.assign(new Error(""), { status: 410 });`,
    ]);
  });
});
