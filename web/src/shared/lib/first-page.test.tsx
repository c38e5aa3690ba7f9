// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { beginFirstPage, drawnClock, endFirstPage, useDrawnCount } from './first-page';

describe('useDrawnCount (issue 14, blocking time)', () => {
  afterEach(endFirstPage);

  it('draws a list whole on any page but the first', () => {
    const { result } = renderHook(() => useDrawnCount(24, 6, 6));
    expect(result.current).toBe(24);
  });

  it("draws the first items on the app's first page, then the rest a part at a time", async () => {
    beginFirstPage();
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const n = useDrawnCount(20, 6, 6);
      seen.push(n);
      return n;
    });
    expect(result.current).toBe(6);
    endFirstPage();
    await waitFor(() => expect(result.current).toBe(20));
    expect([...new Set(seen)]).toEqual([6, 12, 18, 20]);
  });

  it('draws a list whole once the shopper has left the first page', () => {
    beginFirstPage();
    endFirstPage();
    const { result } = renderHook(() => useDrawnCount(24, 6, 6));
    expect(result.current).toBe(24);
  });

  it('draws a list whole once the address has moved, even before the first page is ended', () => {
    const was = location.href;
    beginFirstPage();
    history.pushState(null, '', '/bras/?page=2');
    try {
      const { result } = renderHook(() => useDrawnCount(24, 6, 6));
      expect(result.current).toBe(24);
    } finally {
      history.replaceState(null, '', was);
    }
  });

  it('draws a short list whole on the first page too', () => {
    beginFirstPage();
    const { result } = renderHook(() => useDrawnCount(4, 6, 6));
    expect(result.current).toBe(4);
  });
});

describe('drawnClock: the clock a drawn page was drawn at (issue 14, the product page drawn whole)', () => {
  afterEach(() => {
    endFirstPage();
    document.body.innerHTML = '';
  });

  it("is the root's clock on the first page only, and none without one", () => {
    document.body.innerHTML = '<div id="root" data-drawn="" data-drawn-at="1796192507304"></div>';
    expect(drawnClock()).toBeNull();
    beginFirstPage();
    expect(drawnClock()).toBe(1796192507304);
    endFirstPage();
    expect(drawnClock()).toBeNull();
    beginFirstPage();
    document.body.innerHTML = '<div id="root" data-drawn=""></div>';
    expect(drawnClock()).toBeNull();
    document.body.innerHTML = '<div id="root" data-drawn-at="soon"></div>';
    expect(drawnClock()).toBeNull();
  });
});
