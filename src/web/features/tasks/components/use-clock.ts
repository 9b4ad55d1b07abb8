import { useEffect, useState } from 'react';

/** The browser's clock, re-read every `intervalMs` so 'overdue' turns red on its own. */
export function useClock(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
