import { useRef, useState } from 'react';
import { useForm, type FieldErrors, type FieldPath } from 'react-hook-form';
import { Link } from 'react-router';
import { AlertBox } from '../../components/alert-box';
import { FormField } from '../../components/form-field';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';
import { LeaveGuard } from './leave-guard';
import { MailPreview } from './mail-preview';
import { previewDocumentUrl } from './preview-document';
import { RedFlagEditor } from './red-flag-editor';
import { BasicFields, SenderFields } from './template-form-fields';
import { inputOf, TEMPLATE_FORM_FIELDS, templateFormResolver, type TemplateFormValues } from './template-form-schema';
import type { TemplateInput } from './templates-api';
import { useLivePreview } from './use-live-preview';
import { insertAtCursor, VariableButtons, type InsertTarget } from './variable-buttons';

type Field = FieldPath<TemplateFormValues>;
const FLAG_FIELD = /^red_flags\.(\d+)\.(label|explanation|excerpt)$/;

/** The 422's per-field messages, under the form's own fields (red-flag rows included). */
function serverFieldErrors(error: unknown): Array<[Field, string]> {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  return Object.entries(error.fieldErrors).flatMap(([key, messages]): Array<[Field, string]> => {
    const message = messages[0];
    if (!message) return [];
    if ((TEMPLATE_FORM_FIELDS as string[]).includes(key) || FLAG_FIELD.test(key)) return [[key as Field, message]];
    return [];
  });
}

/** A 422 on the live preview names what is wrong with the draft; show that, not a generic line. */
export function previewErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 422) {
    const first = Object.values(error.fieldErrors)[0]?.[0];
    if (first) return `プレビューを表示できません：${first}`;
  }
  return apiErrorMessage(error, 'プレビューを作成できませんでした。');
}

type Props = {
  initial: TemplateFormValues;
  submitLabel: string;
  cancelTo: string;
  onSave: (input: TemplateInput) => Promise<unknown>;
};

export function TemplateForm({ initial, submitLabel, cancelTo, onSave }: Props) {
  const { register, control, handleSubmit, setError, setFocus, setValue, watch, formState } = useForm({
    resolver: templateFormResolver,
    defaultValues: initial,
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { errors, isSubmitting, isDirty } = formState;
  // Set while a save that succeeded navigates away, so the leave guard lets it through.
  const saving = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const [target, setTarget] = useState<InsertTarget>('html_body');
  const fields = useRef<Partial<Record<InsertTarget, HTMLInputElement | HTMLTextAreaElement>>>({});
  const live = useLivePreview(watch());

  const bind = (name: InsertTarget) => {
    const registered = register(name);
    return {
      ...registered,
      ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
        registered.ref(element);
        if (element) fields.current[name] = element;
      },
      onFocus: () => setTarget(name),
    };
  };

  const insert = (token: string) => {
    const element = fields.current[target];
    if (!element) return;
    setValue(target, insertAtCursor(element, token), { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  const onValid = async (values: Parameters<typeof inputOf>[0]) => {
    setFailure(null);
    saving.current = true;
    try {
      await onSave(inputOf(values));
    } catch (error) {
      saving.current = false;
      const fieldErrors = serverFieldErrors(error);
      for (const [field, message] of fieldErrors) setError(field, { type: 'server', message });
      const first = fieldErrors[0];
      if (first) {
        window.setTimeout(() => setFocus(first[0]), 0);
        return;
      }
      setFailure(apiErrorMessage(error, 'テンプレートを保存できませんでした。時間をおいて再度お試しください。'));
      window.setTimeout(() => failureRef.current?.focus(), 0);
    }
  };

  const onInvalid = (invalid: FieldErrors<TemplateFormValues>) => {
    const first = TEMPLATE_FORM_FIELDS.find((field) => invalid[field]);
    if (first) setFocus(first);
    else if (invalid.red_flags) {
      const index = Array.isArray(invalid.red_flags) ? invalid.red_flags.findIndex(Boolean) : 0;
      const flag = Array.isArray(invalid.red_flags) ? invalid.red_flags[index] : undefined;
      setFocus(`red_flags.${Math.max(0, index)}.${flag?.label ? 'label' : 'explanation'}`);
    }
  };

  return (
    <div className="tpl-editor">
      <LeaveGuard dirty={isDirty} allowed={() => saving.current} />
      <form className="tpl-form card" noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={isSubmitting || undefined}>
        {failure && (
          <AlertBox ref={failureRef} tone="error" title="保存できませんでした">
            <p>{failure}</p>
          </AlertBox>
        )}
        <BasicFields register={register} errors={errors} />
        <fieldset className="tpl-form__section">
          <legend className="tpl-form__legend">メールの内容</legend>
          <SenderFields register={register} errors={errors} />
          <FormField label="件名" required error={errors.subject?.message}>
            {(props) => <input {...props} {...bind('subject')} className="input" autoComplete="off" />}
          </FormField>
          <VariableButtons target={target} onInsert={insert} />
          <FormField
            label="本文（HTML）"
            required
            error={errors.html_body?.message}
            hint="{{url}}（訓練用リンク）を必ず含めてください。スクリプトやフォームなどの危険な要素は保存時に取り除かれます。"
          >
            {(props) => <textarea {...props} {...bind('html_body')} className="input textarea tpl-mono tpl-form__body" rows={14} spellCheck={false} />}
          </FormField>
          <FormField label="本文（テキスト）" required error={errors.text_body?.message} hint="HTMLメールを表示できない環境向けの本文です。">
            {(props) => <textarea {...props} {...bind('text_body')} className="input textarea tpl-form__body" rows={8} />}
          </FormField>
        </fieldset>
        <RedFlagEditor control={control} register={register} errors={errors.red_flags} />
        <div className="tpl-form__actions">
          <Link to={cancelTo} className="button button--secondary">
            キャンセル
          </Link>
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {isSubmitting ? '保存中...' : submitLabel}
          </button>
        </div>
      </form>
      <aside className="tpl-editor__preview" aria-label="ライブプレビュー">
        <MailPreview
          preview={live.query.data}
          documentUrl={previewDocumentUrl(live.query.data)}
          loading={live.query.isFetching}
          stale={live.stale}
          error={live.query.isError ? previewErrorText(live.query.error) : null}
        />
        <p className="tpl-editor__note">入力が止まると自動で更新されます。差し込み項目はサンプルの値で表示しています。</p>
      </aside>
    </div>
  );
}
