import { lazy, useEffect, useRef, type ComponentType } from 'react';
import { reportUiText } from '../../common/report-messages';
import { AlertBox } from './alert-box';

export interface OnDemand<P extends object> {
  Component: ComponentType<P>;
  /** Starts the download ahead of need (e.g. `whenIdle(preload)`), so the first use is instant. */
  preload: () => Promise<unknown>;
}

/**
 * A component whose code is not loaded before first paint, for what shows only once the visitor
 * acts (a dialog). Render it inside <Suspense>. A failed download (a flaky network) renders
 * `Unavailable` and is fetched again the next time the component is mounted, as the report form's
 * validator is (lazy-resolver.ts); React.lazy alone would keep the failure for good.
 */
export function lazyOnDemand<P extends object>(load: () => Promise<ComponentType<P>>, Unavailable: ComponentType<P>): OnDemand<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    loading ??= load();
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };

  let failed = false;
  const fresh = () =>
    lazy(() =>
      preload().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          console.error('Could not load a part of the page', error);
          failed = true;
          return { default: Unavailable };
        },
      ),
    );
  let current = fresh();

  const Component = (props: P) => {
    // Swapped only once this use is over: replacing it while Suspense retries would retry forever.
    useEffect(
      () => () => {
        if (!failed) return;
        failed = false;
        current = fresh();
      },
      [],
    );
    const Current = current;
    return <Current {...props} />;
  };
  return { Component, preload };
}

/**
 * What an on-demand dialog shows in its place when its code could not be downloaded. It takes
 * focus, as the dialog would have: it may sit far below the button that asked for it.
 */
export function DialogUnavailable({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <AlertBox ref={ref} tone="error" className="dialog-unavailable">
      <p>画面を読み込めませんでした。通信環境をご確認のうえ、もう一度お試しください。</p>
      <button type="button" className="button button--secondary" onClick={onClose}>
        {reportUiText.close}
      </button>
    </AlertBox>
  );
}
