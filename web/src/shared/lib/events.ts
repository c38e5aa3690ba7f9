import { api } from '@/shared/api/client';
import type { ShopperEvent, ShopperEventData } from '@/shared/api/types';

/**
 * Shopper events (spec 001 §4; the call is spec 000 §7): the server's event call and the analytics data layer.
 * Neither may ever get in a shopper's way: failures are logged, never shown.
 */

export const EVENT_PATH = '/get-event-data/';

/**
 * The device an event comes from (spec 000 §3 request_device): 'mob' for a phone (a touch screen as
 * the main pointer, or a mobile user agent), 'dt' for anything else.
 */
export function requestDevice(): 'mob' | 'dt' {
  if (typeof window === 'undefined') return 'dt';
  const coarse = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  const mobileAgent = /Mobi|Android|iPhone|iPad/i.test(window.navigator.userAgent);
  return coarse || mobileAgent ? 'mob' : 'dt';
}

/** POST /get-event-data/ with the form field `data` = the event as JSON (ajax, CSRF). */
export async function recordEvent(event: ShopperEvent): Promise<ShopperEventData | null> {
  try {
    const data = JSON.stringify({ ...event, request_device: event.request_device ?? requestDevice() });
    return await api.postForm<ShopperEventData>(EVENT_PATH, { data });
  } catch (e) {
    console.warn('event not recorded', event.event_name, e);
    return null;
  }
}

type DataLayerEntry = Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

/** Pushes to `window.dataLayer` (created when missing), the tag manager's queue. */
export function pushDataLayer(entry: DataLayerEntry): void {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
}

/** The product-type code of a SKU, the ecommerce events' fourth category: its leading letters ("BR1001-CRL" → "BR"). */
export function skuCategory(sku: string): string {
  return /^[A-Za-z]+/.exec(sku.trim())?.[0]?.toUpperCase() ?? '';
}

/** Paise as the ecommerce events' rupees. */
export const rupees = (paise: number) => Math.round(paise) / 100;

/** GA4 ecommerce events: clear the previous ecommerce object first, as Google recommends. */
export function pushEcommerce(event: string, ecommerce: DataLayerEntry): void {
  pushDataLayer({ ecommerce: null });
  pushDataLayer({ event, ecommerce });
}
