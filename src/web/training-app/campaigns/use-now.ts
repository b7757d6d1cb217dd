import { useEffect, useState } from 'react';

/** The current time, moved on every `intervalMs`: "start now" previews and the inputs' minimum follow the clock. */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
