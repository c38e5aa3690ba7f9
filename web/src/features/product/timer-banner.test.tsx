// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { beginFirstPage, endFirstPage } from '@/shared/lib/first-page';
import { timerFixture } from '@/test/fixtures';
import { TimerBanner } from './components/TimerBanner';

// A product page the server drew whole has the countdown at the server's clock (crates/server/src/
// drawn/product.rs); the device's clock is a few seconds on by the time the app hydrates it.
describe('the offer timer on a page the server drew (issue 14)', () => {
  afterEach(() => {
    endFirstPage();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it("hydrates at the clock the page was drawn at, then counts from the device's", async () => {
    const drawnAt = Date.UTC(2026, 11, 2, 8, 0, 0);
    const timer = timerFixture({ starts_at_ms: drawnAt - 60_000, ends_at_ms: drawnAt + 3_600_000 + 30_000 });
    vi.useFakeTimers({ now: drawnAt, toFake: ['Date'] });
    const served = renderToString(<TimerBanner timer={timer} />);
    expect(served).toContain('<span class="timer__num">30</span><span class="timer__unit">Sec</span>');

    vi.setSystemTime(drawnAt + 2_400);
    document.body.innerHTML = `<div id="root" data-drawn="" data-drawn-at="${drawnAt}">${served}</div>`;
    const container = document.getElementById('root')!;
    const mismatch = vi.fn();
    beginFirstPage();
    await act(async () => {
      hydrateRoot(container, <TimerBanner timer={timer} />, { onRecoverableError: mismatch });
    });
    expect(mismatch).not.toHaveBeenCalled();
    const seconds = container.querySelector('[data-unit="Sec"] .timer__num')!;
    expect(seconds.textContent).toBe('27');
  });
});
