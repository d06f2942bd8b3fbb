import { describe, expect, it } from 'vitest';
import { inlineScripts } from '../../../integrations/inline-scripts.mjs';

describe('inline scripts of a built page (the CSP check of integrations/security-headers.mjs)', () => {
  it('finds real script elements, in templates and SVG too, and skips external ones', () => {
    const html =
      '<!doctype html><html><head><script>a()</script><script type="module" src="/_astro/x.js"></script></head><body><template><script>b()</script></template><svg><script>c()</script></svg></body></html>';
    expect(inlineScripts(html)).toEqual(['a()', 'b()', 'c()']);
  });

  it('does not take "<script" in an attribute, escaped text, a title or a textarea for a script', () => {
    const html = [
      '<!doctype html><html><head>',
      '<title>Come usare <script>alert(1)</script></title>',
      '<meta name="description" content="Descrizione con <script>alert(1)</script> come testo">',
      '</head><body>',
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
      '<div data-documents=\'[{"text":"<script>alert(1)</script>"}]\'></div>',
      '<textarea><script>alert(1)</script></textarea>',
      '</body></html>',
    ].join('');
    expect(inlineScripts(html)).toEqual([]);
  });
});
