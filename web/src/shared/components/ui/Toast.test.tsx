// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from './Toast';
import { PRODUCT_PAGE_TOAST, useToast, type ToastApi } from './toast-context';

let toast: ToastApi;
function Grab() {
  toast = useToast();
  return null;
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Grab />
      </ToastProvider>,
    );
  });
  afterEach(() => vi.useRealTimers());

  it('shows one toast of each kind at a time, each under its fixed id', () => {
    act(() => {
      toast.success('First');
      toast.success('Second');
      toast.error('Oops');
      toast.warning('Careful');
    });
    const success = document.querySelectorAll('#toast-success');
    const warning = document.querySelectorAll('#toast-warning');
    expect(success).toHaveLength(1);
    expect(warning).toHaveLength(1);
    expect(success[0]!.textContent).toContain('Second');
    expect(warning[0]!.textContent).toContain('Careful');
    expect(screen.getByRole('alert').textContent).toContain('Careful');
  });

  it('closes after 5000 ms at the top right by default', () => {
    act(() => toast.success('Saved'));
    const el = document.getElementById('toast-success')!;
    expect(el.parentElement!.className).toContain('toast-region--top-right');
    act(() => vi.advanceTimersByTime(4999));
    expect(document.getElementById('toast-success')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(document.getElementById('toast-success')).toBeNull();
  });

  it('product page toasts sit bottom-centre for 2000 ms', () => {
    act(() => toast.success('Added', PRODUCT_PAGE_TOAST));
    expect(document.getElementById('toast-success')!.parentElement!.className).toContain('toast-region--bottom-center');
    act(() => vi.advanceTimersByTime(2000));
    expect(document.getElementById('toast-success')).toBeNull();
  });

  it('a replacement restarts the timer', () => {
    act(() => toast.success('One'));
    act(() => vi.advanceTimersByTime(4000));
    act(() => toast.success('Two'));
    act(() => vi.advanceTimersByTime(4000));
    expect(document.getElementById('toast-success')!.textContent).toContain('Two');
    act(() => vi.advanceTimersByTime(1000));
    expect(document.getElementById('toast-success')).toBeNull();
  });

  it('can be dismissed by hand', () => {
    act(() => toast.error('Broken'));
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click());
    expect(document.getElementById('toast-warning')).toBeNull();
  });
});
