import { reportUiText as t } from '../../../common/report-messages';
import type { ReportFilter } from '../api/report-api';

const OPTIONS: Array<{ value: ReportFilter; label: string }> = [
  { value: 'all', label: 'すべて' },
  { value: 'email', label: t.receiptEmail },
  // The filter keeps the short label the spec names; the icon column says SMS・MMS.
  { value: 'sms', label: 'SMS' },
];

type ReportListFilterProps = { value: ReportFilter; onChange: (value: ReportFilter) => void };

export function ReportListFilter({ value, onChange }: ReportListFilterProps) {
  return (
    <div className="segmented" role="group" aria-label="受信方法で絞り込む">
      {OPTIONS.map((option) => (
        <button
          key={option.value}
          type="button"
          className="segmented__option"
          aria-pressed={option.value === value}
          onClick={() => option.value !== value && onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
