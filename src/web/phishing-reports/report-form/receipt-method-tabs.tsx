import { useRef, type KeyboardEvent, type Ref } from 'react';
import { RECEIPT_METHODS, type ReceiptMethod } from '../../../common/limits';
import { reportUiText as t } from '../../../common/report-messages';
import { ReceiptMethodIcon } from '../../components/receipt-method-icon';

type ReceiptMethodTabsProps = {
  idPrefix: string;
  panelId: string;
  value: ReceiptMethod;
  onChange: (value: ReceiptMethod) => void;
  /** react-hook-form's ref, so a server error on receipt_method can focus the selected tab. */
  selectedRef?: Ref<HTMLButtonElement>;
};

const LABELS: Record<ReceiptMethod, string> = { email: t.receiptEmail, sms: t.receiptSms };

export const receiptTabId = (idPrefix: string, method: ReceiptMethod) => `${idPrefix}-tab-${method}`;

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move and select. */
export function ReceiptMethodTabs({ idPrefix, panelId, value, onChange, selectedRef }: ReceiptMethodTabsProps) {
  const tabs = useRef(new Map<ReceiptMethod, HTMLButtonElement>());

  const select = (method: ReceiptMethod) => {
    onChange(method);
    tabs.current.get(method)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = RECEIPT_METHODS.indexOf(value);
    const last = RECEIPT_METHODS.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const method = RECEIPT_METHODS[target];
    if (method) select(method);
  };

  return (
    <div role="tablist" aria-label="受信方法" className="tabs">
      {RECEIPT_METHODS.map((method) => {
        const selected = method === value;
        return (
          <button
            key={method}
            ref={(node) => {
              if (node) tabs.current.set(method, node);
              else tabs.current.delete(method);
              if (selected && selectedRef) {
                if (typeof selectedRef === 'function') selectedRef(node);
                else selectedRef.current = node;
              }
            }}
            type="button"
            role="tab"
            id={receiptTabId(idPrefix, method)}
            className="tabs__tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => select(method)}
            onKeyDown={onKeyDown}
          >
            <ReceiptMethodIcon method={method} className="tabs__icon" decorative />
            <span>{LABELS[method]}</span>
          </button>
        );
      })}
    </div>
  );
}
