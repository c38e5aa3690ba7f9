import { describe, expect, it } from 'vitest';
import { GALLERY_SIZES, imageSrcSet, imageWidth, sizedImage } from './images';

// Spec 001 §2 (image quality by query parameter) and issue 11: product images carry w (device
// pixels, 40–1600) and q (1–100); other images and urls that already name a width are left alone.

describe('sizedImage', () => {
  it.each([
    // [src, CSS width, quality, devicePixelRatio, expected]
    ['/media/products/CB1043-NVY/1.svg', 84, 80, 1, '/media/products/CB1043-NVY/1.svg?w=84&q=80'],
    ['/media/products/CB1043-NVY/1.svg', 84, 80, 2, '/media/products/CB1043-NVY/1.svg?w=168&q=80'],
    ['/media/products/CB1043-NVY/1.svg', 158.4, 65, 2.625, '/media/products/CB1043-NVY/1.svg?w=416&q=65'],
    // clamped to 40–1600 device pixels, quality to 1–100
    ['/media/products/P1/1.svg', 12, 80, 1, '/media/products/P1/1.svg?w=40&q=80'],
    ['/media/products/P1/1.svg', 900, 80, 3, '/media/products/P1/1.svg?w=1600&q=80'],
    ['/media/products/P1/1.svg', 300, 0, 1, '/media/products/P1/1.svg?w=300&q=1'],
    ['/media/products/P1/1.svg', 300, 140, 1, '/media/products/P1/1.svg?w=300&q=100'],
    ['/media/products/P1/1.svg', 300, 72.6, 1, '/media/products/P1/1.svg?w=300&q=73'],
    // a query string already there: merged, its own q kept
    ['/media/products/P1/1.svg?v=3', 56, 80, 1, '/media/products/P1/1.svg?v=3&w=56&q=80'],
    ['/media/products/P1/1.svg?q=40', 56, 80, 1, '/media/products/P1/1.svg?q=40&w=56'],
    ['/media/products/P1/1.svg?', 56, 80, 1, '/media/products/P1/1.svg?w=56&q=80'],
    ['/media/products/P1/1.svg#view', 56, 80, 1, '/media/products/P1/1.svg?w=56&q=80#view'],
    // on another host, same path
    ['https://cdn.drape.test/media/products/P1/1.svg', 56, 80, 1, 'https://cdn.drape.test/media/products/P1/1.svg?w=56&q=80'],
    // a width already asked for: untouched
    ['/media/products/P1/1.svg?w=200', 56, 80, 2, '/media/products/P1/1.svg?w=200'],
    ['/media/products/P1/1.svg?q=50&w=200', 56, 80, 2, '/media/products/P1/1.svg?q=50&w=200'],
    // not a product image: untouched
    ['/media/size-charts/bra-in.svg', 300, 80, 1, '/media/size-charts/bra-in.svg'],
    ['/media/categories/bras.svg', 28, 80, 1, '/media/categories/bras.svg'],
    ['https://img.example.com/photo.jpg', 300, 80, 1, 'https://img.example.com/photo.jpg'],
    ['/static/media/products/P1/1.svg', 300, 80, 1, '/static/media/products/P1/1.svg'],
    ['', 300, 80, 1, ''],
  ])('%s at %s px, quality %s, density %s → %s', (src, cssWidth, quality, dpr, expected) => {
    expect(sizedImage(src, cssWidth, quality, dpr)).toBe(expected);
  });

  it('the full-screen view asks for the largest width at density 1', () => {
    expect(sizedImage('/media/products/P1/2.svg', 1600, 80, 1)).toBe('/media/products/P1/2.svg?w=1600&q=80');
  });
});

describe('imageWidth', () => {
  it.each([
    [300, 1, 300],
    [300, 1.5, 450],
    [84, 3, 252],
    [10, 1, 40],
    [2000, 1, 1600],
    [Infinity, 1, 1600],
    [300, 0, 300], // a nonsense density counts as 1
  ])('%s CSS px at %s → %s', (css, dpr, w) => {
    expect(imageWidth(css, dpr)).toBe(w);
  });
});

describe('imageSrcSet', () => {
  it("offers a product image at the gallery's widths, as the server's preload writes them", () => {
    // crates/server/tests/api.rs checks the product page's HTML preloads this very set.
    expect(imageSrcSet('/media/products/BR1001-BLK/1.svg', 80)).toBe(
      '/media/products/BR1001-BLK/1.svg?w=360&q=80 360w, /media/products/BR1001-BLK/1.svg?w=540&q=80 540w, ' +
        '/media/products/BR1001-BLK/1.svg?w=720&q=80 720w, /media/products/BR1001-BLK/1.svg?w=1080&q=80 1080w, ' +
        '/media/products/BR1001-BLK/1.svg?w=1440&q=80 1440w',
    );
    expect(GALLERY_SIZES).toBe('(min-width: 900px) 50vw, 100vw');
  });

  it('leaves other images and sized ones alone', () => {
    expect(imageSrcSet('https://cdn.example.com/a.jpg', 80)).toBeUndefined();
    expect(imageSrcSet('/media/products/P1/1.svg?w=300', 80)).toBeUndefined();
    expect(imageSrcSet('', 80)).toBeUndefined();
  });
});
