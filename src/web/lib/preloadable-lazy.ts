import { lazy, type ComponentType } from "react";

type Module<P> = { default: ComponentType<P> };

/**
 * `React.lazy` that can be loaded ahead of its first render.
 *
 * React.lazy suspends on its first render even when its module has already
 * arrived (it only learns so from the promise, a microtask later). On a
 * prerendered page that matters: a page suspended while React adopts the
 * markup, which then gets an update (the session arriving), is thrown away
 * and painted again from its fallback, and everything below it jumps (a
 * layout shift on /auth). Once `preload()` has resolved, this component
 * renders at once: React reads a thenable, and one that calls back
 * immediately leaves the component resolved on its first read.
 */
export function preloadableLazy<P extends object>(load: () => Promise<Module<P>>) {
  let loaded: Module<P> | undefined;
  const preload = (): Promise<Module<P>> => (loaded ? Promise.resolve(loaded) : load().then((module) => (loaded = module)));
  const Component = lazy(() =>
    loaded ? ({ then: (resolve: (module: Module<P>) => void) => resolve(loaded!) } as unknown as Promise<Module<P>>) : preload(),
  );
  return Object.assign(Component, { preload });
}
