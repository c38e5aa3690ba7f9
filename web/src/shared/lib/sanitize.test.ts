// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

describe('sanitizeHtml', () => {
  it('keeps formatting and lists', () => {
    expect(sanitizeHtml('<p>Soft <strong>moulded</strong> cups.</p><ul><li>a</li></ul>')).toBe(
      '<p>Soft <strong>moulded</strong> cups.</p><ul><li>a</li></ul>',
    );
  });
  it('drops scripts, handlers, styles and javascript: links', () => {
    const out = sanitizeHtml(
      '<p onclick="x()" style="color:red">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><iframe src="//e"></iframe><img src=x onerror=alert(1)>',
    );
    expect(out).not.toMatch(/script|onclick|style|javascript|iframe|onerror/i);
    expect(out).toContain('<p>Hi</p>');
    expect(out).toContain('<a>x</a>');
  });
  it('unwraps unknown elements but keeps their text, and opens outside links safely', () => {
    expect(sanitizeHtml('<section><font>Cotton</font></section>')).toBe('Cotton');
    expect(sanitizeHtml('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank">x</a>',
    );
  });
  it('keeps images from this origin only (the CSP refuses the rest)', () => {
    expect(sanitizeHtml('<p>a<img src="/media/x.svg" alt="x"></p>')).toBe('<p>a<img src="/media/x.svg" alt="x" loading="lazy"></p>');
    expect(sanitizeHtml('<p>a<img src="https://cdn.example.com/x.jpg"></p>')).toBe('<p>a</p>');
    expect(sanitizeHtml('<p>a<img src="//cdn.example.com/x.jpg"></p>')).toBe('<p>a</p>');
    expect(sanitizeHtml('<p>a<img></p>')).toBe('<p>a</p>');
  });
});
