import { describe, expect, test } from "bun:test";
import { markdownText, renderMarkdown } from "./markdown";

describe("article Markdown", () => {
  test("renders headings (no second h1), lists, emphasis and safe links", () => {
    const html = renderMarkdown(
      "# Where to start\n\nPull the **deed** first.\n\n- County recorder\n- UCC filings\n\n[Our process](https://example.com/process) or [write](mailto:intake@example.com).",
    );
    expect(html).toContain("<h2>Where to start</h2>");
    expect(html).toContain("<strong>deed</strong>");
    expect(html).toContain("<li>County recorder</li>");
    expect(html).toContain('<a href="https://example.com/process" rel="nofollow noopener noreferrer">');
    expect(html).toContain('<a href="mailto:intake@example.com">');
  });

  test("a <script> element is shown as text, never as markup", () => {
    const html = renderMarkdown(
      'Before\n\n<script>alert("x")</script>\n\nAfter <script src="/x.js"></script>',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("&lt;script&gt;");
  });

  test("event-handler attributes never become attributes", () => {
    const html = renderMarkdown(
      '<img src=x onerror="alert(1)">\n\n<a href="https://example.com" onclick="steal()">x</a>\n\n<div onmouseover=alert(1)>hover</div>',
    );
    expect(html).not.toMatch(/<(img|a|div)[^>]*\son\w+=/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<div/i);
  });

  test("javascript:, data: and vbscript: links are not linked", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "javascript&#58;alert(1)",
      "%6Aavascript:alert(1)",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "vbscript:msgbox(1)",
    ]) {
      const html = renderMarkdown(`[click](${href}) and <${href}>`);
      expect({ href, html }).toEqual({ href, html: expect.not.stringMatching(/<a\s/i) });
    }
  });

  test("images from elsewhere are not rendered (nothing loads from elsewhere): their alt text is", () => {
    for (const src of [
      "https://example.com/pixel.png",
      "//example.com/uploads/articles/0b9c53f4-8a44-4c1e-9d3c-2f0c5b7e1a10.1x1.png",
      "/brand/mark-512.png",
      "/uploads/photos/0b9c53f4-8a44-4c1e-9d3c-2f0c5b7e1a10.jpg",
      "data:image/png;base64,iVBORw0KGgo=",
      "javascript:alert(1)",
    ]) {
      const html = renderMarkdown(`![a <b>tracker</b>](${src})`);
      expect({ src, html }).toEqual({ src, html: expect.not.stringMatching(/<img|<b>/i) });
      expect(html).toContain("a &lt;b&gt;tracker&lt;/b&gt;");
    }
  });

  test("this site's uploaded images are rendered with their size, lazily, and their alt text", () => {
    const src = "/uploads/articles/0b9c53f4-8a44-4c1e-9d3c-2f0c5b7e1a10.1200x630.png";
    expect(renderMarkdown(`![The "asset map", drawn](${src})`)).toBe(
      `<p><img src="${src}" alt="The &quot;asset map&quot;, drawn" width="1200" height="630" loading="lazy" decoding="async"></p>\n`,
    );
  });

  test("markdownText gives the words without markup", () => {
    expect(markdownText("## Title\n\nSome **bold** words.").split(/\s+/).filter(Boolean)).toEqual([
      "Title",
      "Some",
      "bold",
      "words.",
    ]);
  });

  test("links to the site's own pages are links, without nofollow; protocol-relative ones are not", () => {
    const html = renderMarkdown(
      "[Request intake](/contact) or [the process](/process#steps), not [x](//evil.example/a).",
    );
    expect(html).toContain('<a href="/contact">Request intake</a>');
    expect(html).toContain('<a href="/process#steps">the process</a>');
    expect(html).not.toContain('evil.example/a"');
  });

  test("a list of [ ] items is a checklist, its markers dropped", () => {
    const html = renderMarkdown(
      "### Before mediation\n\n- [ ] Deeds pulled\n- [ ] Entities mapped\n\nThen:\n\n- plain\n",
    );
    expect(html).toContain('<ul class="checklist">\n<li>Deeds pulled</li>\n<li>Entities mapped</li>\n</ul>');
    expect(html).toContain("<ul>\n<li>plain</li>");
  });

  test("tables render as tables", () => {
    const html = renderMarkdown("| Record | Where |\n| --- | --- |\n| Deed | County recorder |\n");
    expect(html).toContain("<th>Record</th>");
    expect(html).toContain("<td>County recorder</td>");
  });
});
