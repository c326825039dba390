import { useEffect, useState } from 'react';
import { loadOnline } from '../../api/stats.ts';
import { useHttp } from '../../api/useHttp.ts';

/** How often the online count is asked again (SPEC §9: every 10 s). */
export const ONLINE_REFRESH_MS = 10_000;

/** Visitors online now, refreshed every 10 s; null until the first answer. A miss keeps the last. */
export function useOnlineVisitors(): number | null {
  const http = useHttp();
  const [visitors, setVisitors] = useState<number | null>(null);
  useEffect(() => {
    let controller = new AbortController();
    const ask = () => {
      controller.abort();
      controller = new AbortController();
      loadOnline(http, controller.signal).then(setVisitors, () => {});
    };
    ask();
    const timer = setInterval(ask, ONLINE_REFRESH_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [http]);
  return visitors;
}
