import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { TEMPLATE_CATEGORIES, TEMPLATE_DIFFICULTIES, TEMPLATE_LANDINGS } from '../../../common/templates.schema';
import { FormField, RequiredBadge } from '../../components/form-field';
import type { TemplateFormValues } from './template-form-schema';
import { difficultyStars, LANDING_LABELS } from './template-labels';

type Props = { register: UseFormRegister<TemplateFormValues>; errors: FieldErrors<TemplateFormValues> };

/** Name, theme, difficulty and where a click leads. */
export function BasicFields({ register, errors }: Props) {
  return (
    <fieldset className="tpl-form__section">
      <legend className="tpl-form__legend">基本情報</legend>
      <FormField label="テンプレート名" required error={errors.name?.message} hint="一覧で表示される管理用の名前です。従業員には表示されません。">
        {(props) => <input {...props} {...register('name')} className="input" autoComplete="off" />}
      </FormField>
      <div className="tpl-form__row">
        <FormField label="テーマ" required error={errors.category?.message}>
          {(props) => (
            <select {...props} {...register('category')} className="input tpl-select">
              {TEMPLATE_CATEGORIES.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="難易度" required error={errors.difficulty?.message}>
          {(props) => (
            <select {...props} {...register('difficulty')} className="input tpl-select">
              {TEMPLATE_DIFFICULTIES.map((level) => (
                <option key={level.level} value={String(level.level)}>
                  {`${level.label}（${difficultyStars(level.level)}）`}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <fieldset className="tpl-form__radios">
        <legend className="field__label">
          リンクをクリックした後
          <RequiredBadge required />
        </legend>
        {TEMPLATE_LANDINGS.map((landing) => (
          <label key={landing} className="checkbox">
            <input type="radio" value={landing} {...register('landing')} />
            <span>{LANDING_LABELS[landing]}</span>
          </label>
        ))}
      </fieldset>
    </fieldset>
  );
}

/** The From line as the mail client shows it: a display name and the part before the @. */
export function SenderFields({ register, errors }: Props) {
  return (
    <>
      <FormField label="差出人名" required error={errors.sender_name?.message} hint="例：ヤマネコ運輸 お届け案内">
        {(props) => <input {...props} {...register('sender_name')} className="input" autoComplete="off" />}
      </FormField>
      <FormField label="送信元アドレス（@より前）" required error={errors.sender_local_part?.message} hint="@より後ろは訓練専用のドメインになります。">
        {(props) => (
          <input {...props} {...register('sender_local_part')} className="input tpl-mono" autoComplete="off" autoCapitalize="off" spellCheck={false} inputMode="email" />
        )}
      </FormField>
    </>
  );
}
