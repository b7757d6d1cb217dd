import { useId, useRef } from 'react';
import { useBlocker } from 'react-router';
import { Dialog } from '../../components/dialog';

/**
 * Asks before an in-app move throws away unsaved edits (the menu, a breadcrumb, キャンセル).
 * `allowed` lets the form's own navigation after a save through.
 */
export function LeaveGuard({ dirty, allowed }: { dirty: boolean; allowed: () => boolean }) {
  const id = useId();
  const stayRef = useRef<HTMLButtonElement>(null);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !allowed() && currentLocation.pathname !== nextLocation.pathname);
  if (blocker.state !== 'blocked') return null;

  return (
    <Dialog labelledBy={`${id}-title`} describedBy={`${id}-text`} onClose={() => blocker.reset()} initialFocus={stayRef}>
      <h2 id={`${id}-title`} className="dialog__title">
        編集内容を破棄しますか？
      </h2>
      <p id={`${id}-text`} className="dialog__description">
        保存していない変更があります。このまま移動すると、変更は失われます。
      </p>
      <div className="dialog__actions">
        <button ref={stayRef} type="button" className="button button--secondary" onClick={() => blocker.reset()}>
          編集を続ける
        </button>
        <button type="button" className="button button--danger" onClick={() => blocker.proceed()}>
          破棄して移動
        </button>
      </div>
    </Dialog>
  );
}
