import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A lazy component (React's `lazy`) whose code can be asked for ahead with `load()`, and which,
 * once that has come, renders at once. A plain `lazy` suspends on its first render even when its
 * module is already loaded, since its promise settles a microtask later; a page the server drew
 * whole (a category's page, crates/server/src/drawn.rs) would then be hydrated in two passes, its
 * main part after the rest, and the app would call it taken over before it was. Handing React a
 * thenable that calls back at once makes `lazy` take the component in the same render.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React's own `lazy` is typed
export function lazyLoaded<T extends ComponentType<any>>(
  load: () => Promise<T>,
): { Component: LazyExoticComponent<T>; load: () => Promise<T> } {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const start = () => (loading ??= load().then((component) => (loaded = component)));
  const Component = lazy(() => {
    const ready = loaded;
    if (ready === undefined) return start().then((component) => ({ default: component }));
    const now = { then: (resolve: (module: { default: T }) => void) => resolve({ default: ready }) };
    return now as unknown as Promise<{ default: T }>;
  });
  return { Component, load: start };
}
