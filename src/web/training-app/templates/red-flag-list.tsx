import { useId } from 'react';
import type { RedFlag } from '../../../common/templates.schema';

/** The signs that give the mail away, in the order the training page teaches them. */
export function RedFlagList({ flags }: { flags: RedFlag[] }) {
  const id = useId();
  return (
    <section className="tpl-flags card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="tpl-flags__title">
        見分けるポイント
        <span className="tpl-flags__count">{flags.length}件</span>
      </h2>
      {flags.length === 0 ? (
        <p className="tpl-flags__empty">見分けるポイントはまだ登録されていません。編集画面から追加すると、訓練ページで従業員に解説できます。</p>
      ) : (
        <ol className="tpl-flags__list">
          {flags.map((flag, index) => (
            <li key={`${index}-${flag.label}`} className="tpl-flag">
              <span className="tpl-flag__number" aria-hidden="true">
                {index + 1}
              </span>
              <div className="tpl-flag__text">
                <p className="tpl-flag__label">{flag.label}</p>
                {flag.explanation && <p className="tpl-flag__explanation">{flag.explanation}</p>}
                {flag.excerpt && (
                  <p className="tpl-flag__excerpt">
                    <span className="tpl-flag__excerpt-label">該当箇所</span>
                    <q>{flag.excerpt}</q>
                  </p>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
