import { expect, it } from 'vitest';
import { sanitizeContentHtml } from './html-sanitizer';

it('drops what the old denylist let through: event handlers after a slash, encoded javascript:, style overlays', () => {
  // the slash keeps `onerror=…` inside the unquoted address: written back quoted, it stays there
  expect(sanitizeContentHtml('<img src=x/onerror=alert(1)>')).toBe('<img src="x/onerror=alert(1)" />');
  expect(sanitizeContentHtml('<img/src=x/ onerror=alert(1)>')).not.toMatch(/\sonerror=/i);
  expect(sanitizeContentHtml('<a href="&#106;avascript:alert(1)">x</a>')).toBe('<a>x</a>');
  expect(sanitizeContentHtml('<a href="jav&#x09;ascript:alert(1)">x</a>')).toBe('<a>x</a>');
  expect(sanitizeContentHtml('<a href="https://evil.example" style="position:fixed;inset:0;z-index:99999">Login again</a>')).toBe(
    '<a href="https://evil.example">Login again</a>',
  );
  expect(sanitizeContentHtml('<p class="fixed inset-0" onclick="x()">Hi</p>')).toBe('<p>Hi</p>');
  expect(sanitizeContentHtml('<script>alert(1)</script><style>body{}</style><iframe src="//x"></iframe>ok')).toBe('ok');
  expect(sanitizeContentHtml('<img src="data:image/png;base64,AAAA"><img src="//evil.example/a.png">')).toBe('<img /><img />');
});

it('keeps formatting, tables, http(s) and relative links and images', () => {
  const html = '<h2>Title</h2><p>Text <strong>bold</strong> <a href="/help/fees">fees</a> <a href="https://tessera.example/x" target="_blank">out</a></p><ul><li>one</li></ul><table><tr><td colspan="2">cell</td></tr></table><img src="/uploads/a.png" alt="a">';
  expect(sanitizeContentHtml(html)).toBe(
    '<h2>Title</h2><p>Text <strong>bold</strong> <a href="/help/fees">fees</a> <a href="https://tessera.example/x" target="_blank" rel="noopener noreferrer">out</a></p><ul><li>one</li></ul><table><tr><td colspan="2">cell</td></tr></table><img src="/uploads/a.png" alt="a" />',
  );
});
