import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import {
  ARTICLE_IMAGE_MAX_BYTES,
  ARTICLE_IMAGE_MESSAGES,
  type ArticleImage,
} from "../../../src/contracts/articles";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp, ORIGIN } from "../../helpers/app";
import { jpegHead, pngImage, webpHead } from "../../helpers/images";

const USER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-03-02T15:00:00.000Z") };
const { request, dataDir } = makeTestApp(
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD },
  { now: () => clock.at },
);
const cookie = await signIn(request, USER, PASSWORD);
const IMAGES = "/api/admin/articles/images";

/** The editor's upload: the file as the browser sends it (any name and claimed type) and its alt text. */
const upload = (
  bytes: Uint8Array,
  name: string,
  type: string,
  alt: string | null = "A map of the assets",
) => {
  const form = new FormData();
  form.append("image", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  if (alt !== null) form.append("alt", alt);
  return request(
    IMAGES,
    withCookie(cookie, {
      method: "POST",
      body: form,
      headers: { origin: ORIGIN, "sec-fetch-site": "same-origin" },
    }),
  );
};
const page = (path: string) => request(path, { headers: { accept: "text/html" } });
const uploaded = () => readdirSync(join(dataDir, "uploads")).filter((n) => !n.startsWith("."));

describe("images in articles", () => {
  let png: ArticleImage;

  test("staff upload a PNG: it is stored in the data folder and answered with its size and Markdown", async () => {
    const res = await upload(pngImage(240, 120), "map.png", "image/png", " A map of the [assets] ");
    expect(res.status).toBe(201);
    png = (await res.json()) as ArticleImage;
    expect(png).toEqual({
      path: expect.stringMatching(/^\/uploads\/articles\/[0-9a-f-]{36}\.240x120\.png$/),
      width: 240,
      height: 120,
      contentType: "image/png",
      markdown: expect.any(String),
    });
    expect(png.markdown).toBe(`![A map of the \\[assets\\]](${png.path})`);
    expect(uploaded()).toContain(png.path.split("/").pop() as string);
  });

  test("the type comes from the bytes: a JPEG named .png is a JPEG, a WebP sent as JPEG is a WebP", async () => {
    const jpeg = (await (await upload(jpegHead(1600, 900), "photo.png", "image/png")).json()) as ArticleImage;
    expect(jpeg).toMatchObject({ width: 1600, height: 900, contentType: "image/jpeg" });
    expect(jpeg.path).toEndWith(".1600x900.jpg");
    const webp = (await (await upload(webpHead(800, 600), "x.jpg", "image/jpeg")).json()) as ArticleImage;
    expect(webp).toMatchObject({ width: 800, height: 600, contentType: "image/webp" });
  });

  test("anything but a PNG, JPEG or WebP is refused with a message, and nothing is stored", async () => {
    const before = uploaded();
    const text = (s: string) => new TextEncoder().encode(s);
    for (const [bytes, name, type] of [
      [text('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), "logo.png", "image/png"],
      [text("<html><script>alert(1)</script></html>"), "page.jpg", "image/jpeg"],
      [text("GIF89a\u0001\u0000\u0001\u0000"), "anim.gif", "image/gif"],
      [text("%PDF-1.7\n"), "doc.webp", "image/webp"],
    ] as const) {
      const res = await upload(bytes, name, type);
      expect([name, res.status]).toEqual([name, 422]);
      expect(await res.json()).toEqual({ errors: { image: [ARTICLE_IMAGE_MESSAGES.type] } });
    }
    expect(uploaded()).toEqual(before);
  });

  test("an image without alt text, without a file, or past the size limit is refused with a message", async () => {
    const noAlt = await upload(pngImage(4, 4), "a.png", "image/png", "  ");
    expect(noAlt.status).toBe(422);
    expect(await noAlt.json()).toEqual({ errors: { alt: ["Alt text is required"] } });
    const missingAlt = await upload(pngImage(4, 4), "a.png", "image/png", null);
    expect(await missingAlt.json()).toEqual({ errors: { alt: ["Alt text is required"] } });

    const form = new FormData();
    form.append("alt", "Nothing");
    const noFile = await request(IMAGES, withCookie(cookie, { method: "POST", body: form }));
    expect(noFile.status).toBe(422);
    expect(await noFile.json()).toEqual({ errors: { image: [ARTICLE_IMAGE_MESSAGES.required] } });

    const big = new Uint8Array(ARTICLE_IMAGE_MAX_BYTES + 1);
    big.set(pngImage(4, 4));
    const tooLarge = await upload(big, "huge.png", "image/png");
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error).toBe(ARTICLE_IMAGE_MESSAGES.tooLarge);
  });

  test("only staff upload: without a session the upload is refused", async () => {
    const form = new FormData();
    form.append("image", new File([pngImage(4, 4) as Uint8Array<ArrayBuffer>], "a.png"));
    form.append("alt", "x");
    const res = await request(IMAGES, { method: "POST", body: form });
    expect(res.status).toBe(401);
  });

  test("it is served at its path with its type, a year's cache, nosniff, and shown in place", async () => {
    const res = await request(png.path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-disposition")).toBe("inline");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pngImage(240, 120));
    // A name that was never uploaded, a size that does not match, another folder: not found.
    const id = png.path.split("/").pop()?.split(".")[0];
    for (const path of [
      `/uploads/articles/${crypto.randomUUID()}.240x120.png`,
      `/uploads/articles/${id}.241x120.png`,
      `/uploads/articles/${id}.240x120.jpg`,
      "/uploads/articles/..%2Fsecret.1x1.png",
    ]) {
      expect([path, (await request(path)).status]).toEqual([path, 404]);
    }
  });

  test("a published article shows the image with its size, lazily; an image from elsewhere is not shown", async () => {
    const content = `## The map\n\n${png.markdown}\n\n![tracker](https://example.com/pixel.png)\n`;
    const created = await request(
      "/api/admin/articles",
      withCookie(
        cookie,
        post({
          title: "Mapping a Debtor's Assets",
          slug: "mapping-a-debtors-assets",
          description: "What a map of assets shows.",
          content,
          published: true,
        }),
      ),
    );
    expect(created.status).toBe(201);
    const res = await page("/articles/mapping-a-debtors-assets");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(
      `<img src="${png.path}" alt="A map of the [assets]" width="240" height="120" loading="lazy" decoding="async">`,
    );
    expect(html).not.toContain("example.com/pixel.png");
    expect(html).toContain("tracker");
    // The page's policy lets it load images from this site only.
    expect(res.headers.get("content-security-policy")).toContain("img-src 'self'");
  });
});
