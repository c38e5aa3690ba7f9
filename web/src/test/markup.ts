import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Markup the server writes into a page before the app runs (index.html's frame, web/first-paint/),
 * compared with what the app renders in its place: React replaces it on its first render, so the two
 * must be the same markup or the page would visibly change as the app starts.
 */

/** Left out of a comparison: test ids (tests and scripts never grab the inert copy), React Router's
 * data-discover, and aria-controls (the panel it names is not there before the app). */
export const IGNORED_ATTRIBUTES = new Set(['data-testid', 'data-discover', 'aria-controls']);

/** Tag, sorted attributes and children; whitespace between tags, comments and <title> dropped. */
export function canonical(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return (node.textContent ?? '').trim().replace(/\s+/g, ' ');
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  // React 19 hoists a page's <title> into the head; it is not part of the page's body
  if (tag === 'title') return '';
  const attrs = [...el.attributes]
    .filter((a) => !IGNORED_ATTRIBUTES.has(a.name))
    .map((a) => `${a.name}="${a.value}"`)
    .sort()
    .join(' ');
  const children = [...el.childNodes].map(canonical).filter(Boolean).join('');
  return `<${tag}${attrs ? ` ${attrs}` : ''}>${children}</${tag}>`;
}

/** The first element of an HTML fragment. */
export function fragmentRoot(html: string): Element {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const root = doc.body.firstElementChild;
  if (!root) throw new Error('the fragment has no element');
  return root;
}

/** `web/first-paint/{name}`'s markup, as the server includes it (a path, not a URL: under jsdom, `URL` is the page's own). */
export function firstPaint(name: string): Element {
  return fragmentRoot(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../first-paint', name), 'utf8'));
}
