/**
 * Compile-time guard for the one API type still written by hand in types.ts: the shopper event the
 * page sends as JSON in the form field `data` of /get-event-data/. The server's `EventData` takes any
 * string as `event_name` (it checks the name against its list and answers 400 otherwise), so the app
 * keeps the narrower union of names; `npm run typecheck` fails here when an event the app sends would
 * no longer fit what the server parses.
 */
import type { components } from './schema';
import type * as T from './types';

type S = components['schemas'];
/** The app's request must be assignable to what the server parses. */
type Fits<App, Server> = [App] extends [Server] ? true : never;

const fitsShopperEvent: Fits<T.ShopperEvent, S['EventData']> = true;
const fitsEventForm: Fits<{ data: string }, S['EventForm']> = true;

export const handTypesFit = [fitsShopperEvent, fitsEventForm];
