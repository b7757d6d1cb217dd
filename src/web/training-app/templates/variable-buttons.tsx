import { TEMPLATE_VARIABLES } from '../../../common/templates.schema';

export type InsertTarget = 'subject' | 'html_body' | 'text_body';

export const TARGET_LABELS: Record<InsertTarget, string> = { subject: '件名', html_body: '本文（HTML）', text_body: '本文（テキスト）' };

/**
 * Puts `text` where the caret (or selection) of the field is, as if typed, and returns the new
 * value. A field keeps its selection after it loses focus, so a click on a button still knows it.
 */
export function insertAtCursor(element: HTMLInputElement | HTMLTextAreaElement, text: string): string {
  const start = element.selectionStart ?? element.value.length;
  const end = element.selectionEnd ?? start;
  element.setRangeText(text, start, end, 'end');
  element.focus();
  return element.value;
}

type Props = { target: InsertTarget; onInsert: (token: string) => void };

/** {{name}} and the other variables, inserted at the caret of the last field the author was in. */
export function VariableButtons({ target, onInsert }: Props) {
  return (
    <div className="tpl-vars" role="group" aria-label="差し込み項目の挿入">
      <p className="tpl-vars__lead">
        差し込み項目を <strong>{TARGET_LABELS[target]}</strong> のカーソル位置に挿入します。送信時に従業員ごとの値に置き換わります。
      </p>
      <div className="tpl-vars__buttons">
        {TEMPLATE_VARIABLES.map((variable) => (
          <button
            key={variable.name}
            type="button"
            className="tpl-vars__button"
            // Keeps the caret in the field for mouse users; keyboard users return to it after the insert.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onInsert(`{{${variable.name}}}`)}
          >
            <code>{`{{${variable.name}}}`}</code>
            <span>{variable.label}</span>
            <span className="visually-hidden">を挿入</span>
          </button>
        ))}
      </div>
    </div>
  );
}
