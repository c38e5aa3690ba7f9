/**
 * Compile-time guards for the API types still written by hand in types.ts. The shopper event the
 * page sends as JSON in the form field `data` of /get-event-data/: the server's `EventData` takes any
 * string as `event_name` (it checks the name against its list and answers 400 otherwise), so the app
 * keeps the narrower union of names; `npm run typecheck` fails here when an event the app sends would
 * no longer fit what the server parses. The order detail: see below.
 */
import type { components } from './schema';
import type * as T from './types';

type S = components['schemas'];
/** The app's request must be assignable to what the server parses. */
type Fits<App, Server> = [App] extends [Server] ? true : never;

const fitsShopperEvent: Fits<T.ShopperEvent, S['EventData']> = true;
const fitsEventForm: Fits<{ data: string }, S['EventForm']> = true;

export const handTypesFit = [fitsShopperEvent, fitsEventForm];

// The order detail's address and breakup: hand-typed while the document says `Record<string, never>`.
/** What the server sends must fit the hand type. */
const fitsOrderDetail: Fits<S['OrderDetailOut'], T.OrderDetail> = true;
/** Fails once the server documents the address and the breakup: then OrderDetail becomes a plain name. */
const retireOrderDetail: S['OrderDetailOut']['address'] extends Record<string, never>
  ? S['OrderDetailOut']['breakup'] extends Record<string, never>
    ? true
    : never
  : never = true;
export const orderTypesFit = [fitsOrderDetail, retireOrderDetail];
