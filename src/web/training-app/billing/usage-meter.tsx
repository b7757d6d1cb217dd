import { count } from './billing-api';

type UsageMeterProps = {
  label: string;
  value: number;
  /** null: the plan sets no cap (text only, no bar). */
  max: number | null;
  unit: string;
};

/** One use against a plan limit: a plain CSS bar exposed as role=meter, with the figures as text beside it. */
export function UsageMeter({ label, value, max, unit }: UsageMeterProps) {
  const text = max === null ? `${count.format(value)}${unit}` : `${count.format(value)} / ${count.format(max)}${unit}`;
  const ratio = max ? Math.min(1, value / max) : 0;
  const full = max !== null && value >= max;
  return (
    <div className={full ? 'billing-meter billing-meter--full' : 'billing-meter'}>
      <div className="billing-meter__head">
        <span className="billing-meter__label">{label}</span>
        <span className="billing-meter__value">{text}</span>
      </div>
      {max === null ? (
        <p className="billing-meter__note">ご利用中のプランでは上限はありません。</p>
      ) : (
        <>
          <div className="billing-meter__bar" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={Math.min(value, max)} aria-valuetext={text}>
            <span style={{ inlineSize: `${ratio * 100}%` }} />
          </div>
          <p className="billing-meter__note">{full ? '上限に達しています。' : `残り${count.format(max - value)}${unit}`}</p>
        </>
      )}
    </div>
  );
}
