import { expect, test } from "bun:test";
import { formatFileSize } from "./file-size";

test("sizes read like a download list", () => {
  expect(formatFileSize(900)).toBe("900 bytes");
  expect(formatFileSize(8546)).toBe("8.3 KB");
  expect(formatFileSize(13_703)).toBe("13 KB");
  expect(formatFileSize(250_880)).toBe("245 KB");
  expect(formatFileSize(1_258_291)).toBe("1.2 MB");
});
