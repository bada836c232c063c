import { expect, test } from "bun:test";
import { up } from "../019-built-in-articles";

/**
 * Migration 019 writes the site's own articles as SQL; a database that ran it must get the same rows as one
 * that runs it now. The digest is of the SQL it wrote when it was released (37,217 characters).
 */
test("migration 019 writes the same articles, to the byte, from its frozen copy of the Markdown writer", () => {
  const digest = new Bun.CryptoHasher("sha256").update(up).digest("hex");
  expect({ length: up.length, digest }).toEqual({
    length: 37_217,
    digest: "ca957d6661aad19ceb972ed3670dc4c64ab97a08c2328b74bf9b6e4d4c3f84d8",
  });
});
