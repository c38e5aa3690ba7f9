import { useEffect, useState } from 'react';
import type { Timer } from '@/shared/api/types';
import { Icon } from '@/shared/components/ui/Icon';
import { drawnClock } from '@/shared/lib/first-page';
import { countdown, pad2, safeColour, TIMER_TICK_MS } from '../timer';

/** The offer countdown (spec 001 §4): only between its start and end, ticking every second. */
export function TimerBanner({ timer }: { timer: Timer }) {
  // A page the server drew whole shows the countdown at the server's clock until it is hydrated.
  const [now, setNow] = useState(() => drawnClock() ?? Date.now());
  const left = countdown(timer, now);
  const running = left !== null || now < timer.starts_at_ms;

  useEffect(() => {
    setNow(Date.now()); // the device's clock from the first commit on
    if (!running) return;
    const id = window.setInterval(() => setNow(Date.now()), TIMER_TICK_MS);
    return () => window.clearInterval(id);
  }, [running]);

  if (!left) return null;
  const bg = safeColour(timer.hexcode, '#4a1942');
  const fg = safeColour(timer.text_hexcode, '#ffffff');
  const boxes: [number, string][] = [
    ...(left.showDays ? ([[left.days, 'Days']] as [number, string][]) : []),
    [left.hours, 'Hrs'],
    [left.minutes, 'Min'],
    [left.seconds, 'Sec'],
  ];
  const spoken = `${left.showDays ? `${left.days} days ` : ''}${left.hours} hours ${left.minutes} minutes left`;

  return (
    <section className="timer" style={{ background: bg, color: fg }} data-testid="timer" aria-label="Offer countdown">
      <p className="timer__text">
        <Icon name="clock" size={18} />
        <span>{timer.text || 'Offer ends in'}</span>
      </p>
      <div className="timer__boxes" role="timer" aria-label={spoken}>
        {boxes.map(([n, unit]) => (
          <span key={unit} className="timer__box" aria-hidden="true" data-unit={unit}>
            <span className="timer__num">{pad2(n)}</span>
            <span className="timer__unit">{unit}</span>
          </span>
        ))}
      </div>
    </section>
  );
}
