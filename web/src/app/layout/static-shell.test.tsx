// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, serve } from '@/test/fake-api';
import { canonical } from '@/test/markup';
import { AppLayout } from './AppLayout';

/*
 * index.html paints the page's frame before the JavaScript arrives (issue 14): a static copy of what
 * AppLayout renders first (the skip link, the header with no counts yet, an empty <main>). React replaces
 * it on its first render, so the two must be the same markup, or the header would visibly change (or move)
 * as the app starts. Left out of the copy on purpose: test ids (tests and scripts never grab the inert
 * copy), React Router's data-discover, and the account button's aria-controls (its panel is not there).
 */
// web/index.html (a path, not a URL: under jsdom, `URL` is the page's own)
const INDEX_HTML = join(dirname(fileURLToPath(import.meta.url)), '../../../index.html');
const indexHtml = () => readFileSync(INDEX_HTML, 'utf8');

function staticRoot(): Element {
  const html = indexHtml();
  const root = new DOMParser().parseFromString(html, 'text/html').getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  return root;
}

function renderedShell(route: string): Element {
  serve({});
  const { container } = renderWithProviders(
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="*" element={null} />
      </Route>
    </Routes>,
    { route },
  );
  const shell = container.querySelector('.shell');
  if (!shell) throw new Error('AppLayout rendered no .shell');
  return shell;
}

describe("index.html's static shell", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is the app's first header, skip link and page, markup for markup", () => {
    const shell = staticRoot().querySelector(':scope > .shell');
    expect(shell).not.toBeNull();
    const rendered = renderedShell('/');
    const pick = (el: Element, selector: string) => {
      const found = el.querySelector(`:scope > ${selector}`);
      expect(found, selector).not.toBeNull();
      return canonical(found!);
    };
    expect(pick(shell!, '.skip-link')).toBe(pick(rendered, '.skip-link'));
    expect(pick(shell!, 'header')).toBe(pick(rendered, 'header'));
    // the page itself is empty in the copy: only its box (the footer starts below the fold)
    const main = shell!.querySelector(':scope > main')!;
    expect(main.childNodes.length).toBe(0);
    expect(canonical(main)).toBe(canonical(rendered.querySelector(':scope > main')!.cloneNode(false)));
    // nothing else: the footer and the toasts wait for the app
    expect([...shell!.children].map((c) => c.tagName.toLowerCase())).toEqual(['a', 'header', 'main']);
  });

  it('links where the app links, so a tap before the app runs still works', () => {
    const links = [...staticRoot().querySelectorAll('a')].map((a) => [
      a.getAttribute('aria-label') ?? a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Skip to content', '#main'],
      ['Drape home', '/'],
      ['Search', '/search'],
      ['Wishlist', '/wishlist/'],
      ['Cart', '/view-cart/'],
    ]);
  });

  it('has no inline style or script, which the Content-Security-Policy would refuse', () => {
    const html = indexHtml();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelectorAll('style, [style], script:not([src])').length).toBe(0);
    expect(doc.querySelectorAll('[onclick], [onload]').length).toBe(0);
  });
});
