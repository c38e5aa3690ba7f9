// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './otp';

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down a second at a time to zero, and then nothing is left ticking', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current[0]).toBe(0);
    act(() => result.current[1](3));
    expect(result.current[0]).toBe(3);
    act(() => vi.advanceTimersByTime(999));
    expect(result.current[0]).toBe(3);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]).toBe(2);
    act(() => vi.advanceTimersByTime(1000));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current[0]).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts again from a new value', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current[1](2));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current[0]).toBe(1);
    act(() => result.current[1](30));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current[0]).toBe(29);
  });

  it('stops ticking when its form goes away', () => {
    const { result, unmount } = renderHook(() => useCountdown());
    act(() => result.current[1](5));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
