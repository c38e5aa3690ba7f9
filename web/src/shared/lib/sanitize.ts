/**
 * Rich HTML from the catalog (descriptions, designer notes) is sanitised on the server
 * (docs/api.md); this second, small allow-list pass in the browser means a mistake there cannot
 * run script here. Unknown elements are unwrapped (their text kept); dangerous ones are dropped
 * with their content; only a few harmless attributes survive.
 */
const ALLOWED = new Set([
  'P',
  'BR',
  'B',
  'STRONG',
  'I',
  'EM',
  'U',
  'S',
  'SMALL',
  'SPAN',
  'DIV',
  'UL',
  'OL',
  'LI',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'A',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TH',
  'TD',
  'BLOCKQUOTE',
  'HR',
  'IMG',
]);
const DROP = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'NOSCRIPT',
  'SVG',
  'MATH',
  'FORM',
  'INPUT',
  'BUTTON',
  'TEXTAREA',
  'SELECT',
  'LINK',
  'META',
  'BASE',
  'FRAME',
  'FRAMESET',
]);
const ATTRS: Record<string, string[]> = {
  A: ['href', 'title'],
  IMG: ['src', 'alt', 'width', 'height'],
  TD: ['colspan', 'rowspan'],
  TH: ['colspan', 'rowspan'],
};

function safeUrl(v: string): boolean {
  const s = v.trim().toLowerCase();
  return s.startsWith('/') || s.startsWith('https://') || s.startsWith('http://') || s.startsWith('#') || s.startsWith('mailto:');
}

/** The page's Content-Security-Policy allows images from this origin only (`img-src 'self' data: blob:`). */
function sameOrigin(v: string): boolean {
  const s = v.trim();
  return s.startsWith('/') && !s.startsWith('//') && !s.startsWith('/\\');
}

function clean(node: Node): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 8) {
      child.remove();
      continue;
    }
    if (child.nodeType !== 1) continue;
    const el = child as Element;
    const tag = el.tagName.toUpperCase();
    // an image from another host would only be refused (a CSP violation and a broken picture)
    if (DROP.has(tag) || (tag === 'IMG' && !sameOrigin(el.getAttribute('src') ?? ''))) {
      el.remove();
      continue;
    }
    clean(el);
    if (!ALLOWED.has(tag)) {
      el.replaceWith(...Array.from(el.childNodes));
      continue;
    }
    const keep = ATTRS[tag] ?? [];
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name.toLowerCase();
      if (!keep.includes(name) || ((name === 'href' || name === 'src') && !safeUrl(attr.value))) el.removeAttribute(attr.name);
    }
    if (tag === 'A' && el.getAttribute('href')?.startsWith('http')) {
      el.setAttribute('rel', 'noopener noreferrer');
      el.setAttribute('target', '_blank');
    }
    if (tag === 'IMG') el.setAttribute('loading', 'lazy');
  }
}

export function sanitizeHtml(html: string): string {
  if (!html) return '';
  if (typeof document === 'undefined') return '';
  const tpl = document.createElement('template');
  tpl.innerHTML = html;
  clean(tpl.content);
  return tpl.innerHTML;
}
