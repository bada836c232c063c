import { expect, test } from "bun:test";
import { formatFileSize, formatLimit } from "./file-size";

test("sizes read like a download list", () => {
  expect(formatFileSize(900)).toBe("900 bytes");
  expect(formatFileSize(8546)).toBe("8.3 KB");
  expect(formatFileSize(13_703)).toBe("13 KB");
  expect(formatFileSize(250_880)).toBe("245 KB");
  expect(formatFileSize(1_258_291)).toBe("1.2 MB");
});

test("limits read as the server's settings are meant: 250 MB a file, 2 GB an engagement", () => {
  expect(formatLimit(250 * 1024 * 1024)).toBe("250 MB");
  expect(formatLimit(2 * 1024 ** 3)).toBe("2 GB");
  expect(formatLimit(16 * 1024 * 1024)).toBe("16 MB");
  expect(formatLimit(1.5 * 1024 ** 3)).toBe("1536 MB");
});
