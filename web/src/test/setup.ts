import { afterEach } from 'vitest';

// Component tests opt into jsdom per file; unmount whatever they rendered.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  // jsdom has no media playback.
  window.HTMLMediaElement.prototype.play = () => Promise.resolve();
  window.HTMLMediaElement.prototype.pause = () => {};
  afterEach(() => {
    cleanup();
    document.body.removeAttribute('style');
  });
}
