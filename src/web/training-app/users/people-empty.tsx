/** No one registered yet: what to do first. */
export function PeopleFirstSteps({ onAdd, onImport }: { onAdd: () => void; onImport: () => void }) {
  return (
    <div className="ta-empty people-empty">
      <p className="ta-empty__title">まだ受講者が登録されていません</p>
      <p className="ta-empty__text">
        訓練メールを受け取る従業員を登録しましょう。少人数なら1名ずつ追加、人数が多い場合は人事部でお使いの名簿（Excel）をCSVで保存して一括で取り込めます。
      </p>
      <div className="people-empty__actions">
        <button type="button" className="button button--primary" onClick={onAdd}>
          受講者を追加
        </button>
        <button type="button" className="button button--secondary" onClick={onImport}>
          CSVファイルから取り込む
        </button>
      </div>
    </div>
  );
}

/** A search or group filter that matches nobody. */
export function PeopleNoMatch({ onClear }: { onClear: () => void }) {
  return (
    <div className="ta-empty people-empty" role="status">
      <p className="ta-empty__title">条件に一致する受講者はいません</p>
      <p className="ta-empty__text">キーワードやグループを変えて、もう一度お試しください。</p>
      <button type="button" className="button button--secondary" onClick={onClear}>
        条件をクリア
      </button>
    </div>
  );
}
