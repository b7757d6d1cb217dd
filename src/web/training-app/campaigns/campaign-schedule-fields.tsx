import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import type { CampaignFormValues } from './campaign-form-schema';
import { BUSINESS_HOURS_TEXT } from './campaign-schedule-text';
import { japanLocalOf } from './campaign-time';

type Props = {
  register: UseFormRegister<CampaignFormValues>;
  errors: FieldErrors<CampaignFormValues>;
  startMode: CampaignFormValues['start_mode'];
  spread: boolean;
  now: Date;
  /** The live preview of the send times. */
  children: ReactNode;
};

/** When the mail goes: now or at a Japan time, at once or spread over a window, and the hours it may go in. */
export function CampaignScheduleFields({ register, errors, startMode, spread, now, children }: Props) {
  const min = japanLocalOf(now);
  return (
    <fieldset className="cmp-fieldset">
      <legend className="cmp-legend">
        <h2 className="cmp-section__title">送信日時</h2>
      </legend>
      <p className="field__hint">日時はすべて日本時間です。</p>
      <fieldset className="cmp-fieldset cmp-choice">
        <legend className="field__label">開始</legend>
        <div className="segmented-radios">
          <label className="checkbox">
            <input type="radio" value="now" {...register('start_mode')} />
            <span>今すぐ開始</span>
          </label>
          <label className="checkbox">
            <input type="radio" value="later" {...register('start_mode')} />
            <span>日時を指定</span>
          </label>
        </div>
        {startMode === 'later' && (
          <FormField label="開始日時" required error={errors.start_local?.message} className="cmp-datetime">
            {(props) => <input {...props} {...register('start_local')} type="datetime-local" className="input" min={min} step={60} />}
          </FormField>
        )}
      </fieldset>

      <div className="cmp-choice">
        <label className="checkbox checkbox--strong">
          <input type="checkbox" {...register('spread')} />
          <span>期間内に分散して送信</span>
        </label>
        <p className="field__hint cmp-indent">一斉に届くと社内で話題になり、訓練の効果が薄れます。期間を決めて少しずつ送ると、普段のメールに近い状況で訓練できます。</p>
        {spread && (
          <div className="cmp-indent">
            <FormField label="送信を終える日時" required error={errors.end_local?.message} className="cmp-datetime">
              {(props) => <input {...props} {...register('end_local')} type="datetime-local" className="input" min={min} step={60} />}
            </FormField>
            <label className="checkbox">
              <input type="checkbox" {...register('randomize')} />
              <span>受信者ごとにランダムな時刻に送信</span>
            </label>
          </div>
        )}
      </div>

      <fieldset className="cmp-fieldset cmp-choice">
        <legend className="field__label">送信する時間帯</legend>
        <div className="cmp-conditions">
          <label className="checkbox">
            <input type="checkbox" {...register('business_hours_only')} />
            <span>営業時間内のみ（{BUSINESS_HOURS_TEXT}）</span>
          </label>
          <label className="checkbox">
            <input type="checkbox" {...register('weekdays_only')} />
            <span>平日のみ</span>
          </label>
          <label className="checkbox">
            <input type="checkbox" {...register('skip_holidays')} />
            <span>祝日を除く</span>
          </label>
        </div>
      </fieldset>
      {children}
    </fieldset>
  );
}
