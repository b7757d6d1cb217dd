import { useEffect, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies a value to the clipboard and says so for a moment; `what` names it for screen readers ("値"). */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2500);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the value stays selectable on screen.
      setState('failed');
    }
  };

  return (
    <span className="sd-copy">
      <button type="button" className="button button--secondary button--small" onClick={() => void copy()}>
        {state === 'copied' ? 'コピーしました' : 'コピー'}
        <span className="visually-hidden">（{what}）</span>
      </button>
      <span className="sd-copy__status" role="status">
        {state === 'failed' ? 'コピーできませんでした。値を選択してコピーしてください。' : ''}
      </span>
    </span>
  );
}
