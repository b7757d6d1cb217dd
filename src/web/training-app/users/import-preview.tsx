import { useState } from 'react';
import type { ImportResult, ImportRowStatus } from '../../../common/people.schema';
import { AlertBox } from '../../components/alert-box';

const STATUS_LABELS: Record<ImportRowStatus, string> = { new: '新規', updated: '更新', error: 'エラー' };

/** What a dry run found: counts per status, then every row with its line number and, for errors, why. */
export function ImportPreview({ result, captionId }: { result: ImportResult; captionId: string }) {
  const { summary } = result;
  const [errorsOnly, setErrorsOnly] = useState(false);
  // In a long file the few bad rows are hard to find among the good ones.
  const offerErrorsOnly = summary.error > 0 && result.rows.length > 10;
  const rows = errorsOnly ? result.rows.filter((row) => row.status === 'error') : result.rows;
  return (
    <div className="import-preview">
      <ul className="import-summary" aria-label="確認結果の内訳">
        <li className="import-summary__item import-summary__item--new">
          新規 <strong>{summary.new}</strong>件
        </li>
        <li className="import-summary__item import-summary__item--updated">
          更新 <strong>{summary.updated}</strong>件
        </li>
        <li className="import-summary__item import-summary__item--error">
          エラー <strong>{summary.error}</strong>件
        </li>
      </ul>
      {result.limit_message && (
        <AlertBox tone="warning" title="登録人数の上限を超えます">
          <p>{result.limit_message}</p>
        </AlertBox>
      )}
      {summary.error > 0 && <p className="import-preview__note">エラーの行は取り込まれません。ファイルを直して選び直すか、エラーの行を除いてそのまま取り込めます。</p>}
      {offerErrorsOnly && (
        <label className="checkbox import-preview__filter">
          <input type="checkbox" checked={errorsOnly} onChange={(event) => setErrorsOnly(event.target.checked)} />
          <span>エラーの行だけを表示</span>
        </label>
      )}
      <div className="import-preview__scroll" tabIndex={0} role="region" aria-labelledby={captionId}>
        <table className="import-table">
          <caption id={captionId} className="visually-hidden">
            取り込む内容の確認（{errorsOnly ? `エラーの${rows.length}行` : `${rows.length}行`}）
          </caption>
          <thead>
            <tr>
              <th scope="col">行</th>
              <th scope="col">状態</th>
              <th scope="col">氏名</th>
              <th scope="col">メールアドレス</th>
              <th scope="col">部署</th>
              <th scope="col">内容</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.row} className={`import-table__row import-table__row--${row.status}`}>
                <td className="import-table__line">
                  <span className="import-table__label">行</span>
                  {row.row}
                </td>
                <td>
                  <span className={`import-status import-status--${row.status}`}>{STATUS_LABELS[row.status]}</span>
                </td>
                <td className="import-table__name">{row.name || <span className="people-table__none">（空欄）</span>}</td>
                <td className="import-table__email">{row.email || <span className="people-table__none">（空欄）</span>}</td>
                <td data-label="部署">{row.department ?? ''}</td>
                <td className="import-table__reason">
                  {row.errors.length > 0 ? (
                    <ul>
                      {row.errors.map((reason) => (
                        <li key={reason}>{reason}</li>
                      ))}
                    </ul>
                  ) : row.status === 'updated' ? (
                    '登録済みの情報を更新します'
                  ) : (
                    '新しく登録します'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
