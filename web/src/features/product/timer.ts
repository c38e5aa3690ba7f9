import type { Timer } from '@/shared/api/types';

/** The banner ticks every second (spec 001 §9). */
export const TIMER_TICK_MS = 1000;

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** the days box hides when under one day is left */
  showDays: boolean;
}

const DAY = 86_400_000;

/** Time left on the timer at `now`, or null outside its start and end (the banner does not show). */
export function countdown(timer: Pick<Timer, 'starts_at_ms' | 'ends_at_ms'>, now: number): Countdown | null {
  const start = Number(timer.starts_at_ms);
  const end = Number(timer.ends_at_ms);
  if (!Number.isFinite(start) || !Number.isFinite(end) || now < start || now >= end) return null;
  const left = Math.floor((end - now) / 1000);
  const days = Math.floor(left / 86_400);
  return {
    days,
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    showDays: end - now >= DAY,
  };
}

/** Two digits: 7 → "07". */
export const pad2 = (n: number) => String(n).padStart(2, '0');

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The server's colour when it is a hex colour, else the fallback. */
export function safeColour(value: string | null | undefined, fallback: string): string {
  return value && HEX.test(value.trim()) ? value.trim() : fallback;
}
