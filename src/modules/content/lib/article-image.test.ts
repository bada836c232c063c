import { expect, test } from "bun:test";
import { jpegHead, pngImage, webpHead } from "../../../../tests/helpers/images";
import { articleImageOf, articleImagePath, readImage } from "./article-image";

test("an image's type and size come from its bytes: PNG, JPEG and WebP", () => {
  expect(readImage(pngImage(120, 80))).toEqual({ kind: "png", width: 120, height: 80 });
  expect(readImage(jpegHead(1600, 900))).toEqual({ kind: "jpeg", width: 1600, height: 900 });
  expect(readImage(webpHead(640, 480))).toEqual({ kind: "webp", width: 640, height: 480 });
});

test("anything else is no image: SVG, GIF, text, a PNG cut short, an absurd size", () => {
  const text = (s: string) => new TextEncoder().encode(s);
  expect(
    readImage(text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
  ).toBeNull();
  expect(readImage(text("GIF89a\u0001\u0000\u0001\u0000"))).toBeNull();
  expect(readImage(text("%PDF-1.7"))).toBeNull();
  expect(readImage(pngImage(10, 10).subarray(0, 20))).toBeNull();
  expect(readImage(webpHead(20_000, 10))).toBeNull();
  expect(readImage(new Uint8Array())).toBeNull();
});

test("only this site's article image paths are images an article may show, with the size they name", () => {
  const path = articleImagePath("0b9c53f4-8a44-4c1e-9d3c-2f0c5b7e1a10", {
    kind: "png",
    width: 1200,
    height: 630,
  });
  expect(path).toBe("/uploads/articles/0b9c53f4-8a44-4c1e-9d3c-2f0c5b7e1a10.1200x630.png");
  expect(articleImageOf(path)).toEqual({ width: 1200, height: 630, contentType: "image/png" });
  for (const other of [
    "https://example.com/a.png",
    "//example.com/uploads/articles/0b9c53f4-8a44-4c1e-9d3c-2f0c5b7e1a10.1x1.png",
    "/uploads/photos/0b9c53f4-8a44-4c1e-9d3c-2f0c5b7e1a10.jpg",
    "/uploads/articles/../secret.1x1.png",
    "/uploads/articles/0b9c53f4-8a44-4c1e-9d3c-2f0c5b7e1a10.0x10.png",
    "/uploads/articles/0b9c53f4-8a44-4c1e-9d3c-2f0c5b7e1a10.10x10.svg",
    "data:image/png;base64,iVBORw0KGgo=",
  ]) {
    expect([other, articleImageOf(other)]).toEqual([other, null]);
  }
});
