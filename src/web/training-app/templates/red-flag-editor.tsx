import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import type { TemplateFields } from '../../../common/templates.schema';
import type { TemplateFormValues } from './template-form-schema';

type Props = {
  control: Control<TemplateFormValues, unknown, TemplateFields>;
  register: UseFormRegister<TemplateFormValues>;
  errors: FieldErrors<TemplateFormValues>['red_flags'];
};

/** The ordered signs the training page explains; the excerpt is text copied from the mail itself. */
export function RedFlagEditor({ control, register, errors }: Props) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'red_flags' });

  return (
    <fieldset className="tpl-flag-editor">
      <legend className="tpl-form__legend">見分けるポイント</legend>
      <p className="field__hint">従業員が訓練ページで読む解説です。上から順に表示されます。「該当箇所」にはメール内の文言をそのまま貼り付けると、その部分が強調表示されます。</p>
      {fields.length === 0 && <p className="tpl-flag-editor__empty">まだポイントはありません。</p>}
      <ol className="tpl-flag-editor__list">
        {fields.map((field, index) => (
          <li key={field.id} className="tpl-flag-editor__item" aria-label={`ポイント ${index + 1}`}>
            <div className="tpl-flag-editor__head">
              <span className="tpl-flag-editor__number">ポイント {index + 1}</span>
              <div className="tpl-flag-editor__tools">
                <button type="button" className="button button--ghost button--small" onClick={() => move(index, index - 1)} disabled={index === 0} aria-label={`ポイント ${index + 1} を上へ移動`}>
                  ↑ 上へ
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => move(index, index + 1)}
                  disabled={index === fields.length - 1}
                  aria-label={`ポイント ${index + 1} を下へ移動`}
                >
                  ↓ 下へ
                </button>
                <button type="button" className="button button--ghost button--small tpl-flag-editor__remove" onClick={() => remove(index)} aria-label={`ポイント ${index + 1} を削除`}>
                  削除
                </button>
              </div>
            </div>
            <FormField label="見出し" required error={errors?.[index]?.label?.message} hint="例：送信元のドメインが公式と違う">
              {(props) => <input {...props} {...register(`red_flags.${index}.label`)} className="input" />}
            </FormField>
            <FormField label="解説" error={errors?.[index]?.explanation?.message}>
              {(props) => <textarea {...props} {...register(`red_flags.${index}.explanation`)} className="input textarea" rows={2} />}
            </FormField>
            <FormField label="該当箇所" error={errors?.[index]?.excerpt?.message} hint="件名・差出人・本文の中の文言">
              {(props) => <input {...props} {...register(`red_flags.${index}.excerpt`)} className="input" />}
            </FormField>
          </li>
        ))}
      </ol>
      <button type="button" className="button button--secondary" onClick={() => append({ label: '', explanation: '', excerpt: '' }, { shouldFocus: true })}>
        ＋ ポイントを追加
      </button>
    </fieldset>
  );
}
