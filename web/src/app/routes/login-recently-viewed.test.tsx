// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readViewed, RECENTLY_VIEWED_KEY, writeViewed } from '@/features/recommendations/recently-viewed';
import { calls, json, serve } from '@/test/fake-api';
import { mergeViewsAtLogin } from './login';

// At login the browser's recently viewed list (a guest's views) joins the shopper's, once.

const posts = () => calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/v1/recently-viewed/');

describe('mergeViewsAtLogin', () => {
  beforeEach(() => {
    document.cookie = 'csrftoken=tok123; path=/';
    localStorage.removeItem(RECENTLY_VIEWED_KEY);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts the device’s list once and drops what the server took from the device', async () => {
    serve({ 'POST /api/v1/recently-viewed/': () => json({ products: [] }) });
    writeViewed([9, 3, 12]);
    await mergeViewsAtLogin(new QueryClient(), 7);
    expect(posts()).toHaveLength(1);
    expect(JSON.parse(String(posts()[0]!.init.body))).toEqual({ product_ids: [9, 3, 12] });
    expect(readViewed()).toEqual([]);
  });

  it('nothing viewed: no call', async () => {
    serve({});
    await mergeViewsAtLogin(new QueryClient(), 7);
    expect(calls).toHaveLength(0);
  });

  it('a failed merge keeps the device’s list for the next login', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    serve({ 'POST /api/v1/recently-viewed/': () => json({ error: 'internal', message: 'Something went wrong on our side.' }, 500) });
    writeViewed([9, 3]);
    await mergeViewsAtLogin(new QueryClient(), 7);
    expect(posts()).toHaveLength(1);
    expect(readViewed()).toEqual([9, 3]);
  });
});
