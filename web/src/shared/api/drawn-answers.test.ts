// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { calls, json, serve } from '@/test/fake-api';
import { vi } from 'vitest';
import { api } from './client';
import { hasDrawnAnswer } from './drawn-answers';

/** The page's answers, as the server writes them after the root of a page drawn whole. */
function carry(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'drawn-answers';
  script.textContent = text;
  document.body.append(script);
}

describe('the answers a page drawn whole carries', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.getElementById('drawn-answers')?.remove();
  });

  it("answer the app's first GET of each URL, query and all, without the network; the next ask goes to the server", async () => {
    serve({ 'GET /bp_pp_product_details_page/': () => json({ offer_msg_dict_ajax: { from: 'server' } }) });
    carry(JSON.stringify({ '/bp_pp_product_details_page/?product_id=31': { offer_msg_dict_ajax: { from: 'page' } } }));
    expect(hasDrawnAnswer('/bp_pp_product_details_page/?product_id=31')).toBe(true);
    const first = await api.get('/bp_pp_product_details_page/', { query: { product_id: 31 } });
    expect(first).toEqual({ offer_msg_dict_ajax: { from: 'page' } });
    expect(calls).toEqual([]);
    expect(hasDrawnAnswer('/bp_pp_product_details_page/?product_id=31')).toBe(false);
    const second = await api.get('/bp_pp_product_details_page/', { query: { product_id: 31 } });
    expect(second).toEqual({ offer_msg_dict_ajax: { from: 'server' } });
    expect(calls).toHaveLength(1);
  });

  it('answer neither another URL, nor a write to the same one, nor a text ask', async () => {
    serve({
      'GET /api/v1/me/': () => json({ is_authenticated: true }),
      'POST /api/v1/me/': () => json({ posted: true }),
      'GET /iteminstock/1/34B/': () => new Response('7'),
    });
    carry(JSON.stringify({ '/api/v1/me/': { is_authenticated: false }, '/iteminstock/1/34B/': 3 }));
    expect(await api.get('/api/v1/me/', { query: { t: 1 } })).toEqual({ is_authenticated: true });
    expect(await api.post('/api/v1/me/', {})).toEqual({ posted: true });
    expect(await api.get('/iteminstock/1/34B/', { as: 'text' })).toBe('7');
    expect(await api.get('/api/v1/me/')).toEqual({ is_authenticated: false });
  });

  it('that cannot be read leave every ask to the server', async () => {
    serve({ 'GET /api/v1/me/': () => json({ is_authenticated: false, from: 'server' }) });
    carry('{"/api/v1/me/": {');
    expect(hasDrawnAnswer('/api/v1/me/')).toBe(false);
    expect(await api.get('/api/v1/me/')).toMatchObject({ from: 'server' });
  });
});
