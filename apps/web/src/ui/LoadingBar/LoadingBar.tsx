import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks.ts';
import { loadingReset, selectLoadingBar } from '../../store/uiSlice.ts';
import './LoadingBar.css';

export const LOADING_GROW_MS = 2000;
export const LOADING_HIDE_MS = 300;

type Phase = 'hidden' | 'reset' | 'growing' | 'done';

/** SPEC §4: on start it grows toward 80% over 2 s; on finish it jumps to 100% and hides after 300 ms. */
export function LoadingBar() {
  const command = useAppSelector(selectLoadingBar);
  const dispatch = useAppDispatch();
  const [phase, setPhase] = useState<Phase>('hidden');

  useEffect(() => {
    if (command === 'start') {
      // Paint at 0 first so the width transition has somewhere to start from.
      setPhase('reset');
      const frame = requestAnimationFrame(() => requestAnimationFrame(() => setPhase('growing')));
      return () => cancelAnimationFrame(frame);
    }
    if (command === 'finish') {
      setPhase('done');
      const timer = setTimeout(() => {
        setPhase('hidden');
        dispatch(loadingReset());
      }, LOADING_HIDE_MS);
      return () => clearTimeout(timer);
    }
  }, [command, dispatch]);

  if (phase === 'hidden') return null;
  return (
    <div
      className="loading-bar"
      role="progressbar"
      aria-busy={phase !== 'done'}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className={`loading-bar__fill loading-bar__fill--${phase}`} />
    </div>
  );
}
