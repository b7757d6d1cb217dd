import { EmptyState } from '../components/empty-state';

/** No one registered yet: what to do first. */
export function PeopleFirstSteps({ onAdd, onImport }: { onAdd: () => void; onImport: () => void }) {
  return (
    <EmptyState title="まだ受講者が登録されていません" text="訓練メールを受け取る従業員を登録しましょう。少人数なら1名ずつ追加、人数が多い場合は人事部でお使いの名簿（Excel）をCSVで保存して一括で取り込めます。" className="people-empty">
      <div className="people-empty__actions">
        <button type="button" className="button button--primary" onClick={onAdd}>
          受講者を追加
        </button>
        <button type="button" className="button button--secondary" onClick={onImport}>
          CSVファイルから取り込む
        </button>
      </div>
    </EmptyState>
  );
}

/** A search or group filter that matches nobody. */
export function PeopleNoMatch({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState title="条件に一致する受講者はいません" text="キーワードやグループを変えて、もう一度お試しください。" live className="people-empty">
      <button type="button" className="button button--secondary" onClick={onClear}>
        条件をクリア
      </button>
    </EmptyState>
  );
}
