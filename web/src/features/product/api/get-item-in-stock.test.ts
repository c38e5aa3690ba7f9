import { afterEach, describe, expect, it, vi } from 'vitest';
import { getItemInStock } from './get-item-in-stock';

describe('getItemInStock', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the bare integer; anything else is 0 (sold out)', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValueOnce(new Response('4\n'));
    expect(await getItemInStock(12, '32B')).toBe(4);
    expect(fetchMock.mock.calls[0]![0]).toBe('/iteminstock/12/32B/');

    fetchMock.mockResolvedValueOnce(new Response('0'));
    expect(await getItemInStock(12, 'combo', { combo1: '34B', combo2: 'M' })).toBe(0);
    expect(fetchMock.mock.calls[1]![0]).toBe('/iteminstock/12/combo/?combo1=34B&combo2=M');

    fetchMock.mockResolvedValueOnce(new Response('oops'));
    expect(await getItemInStock(12, '32B')).toBe(0);
  });
});
