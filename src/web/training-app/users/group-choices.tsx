import { useId } from 'react';
import type { Group } from '../../../common/people.schema';
import { FieldError, RequiredBadge } from '../../components/form-field';

type GroupChoicesProps = {
  groups: Group[];
  selected: number[];
  onChange: (groupIds: number[]) => void;
  error?: string;
};

/** The groups a person belongs to: any number of them, as checkboxes. */
export function GroupChoices({ groups, selected, onChange, error }: GroupChoicesProps) {
  const id = useId();
  const toggle = (groupId: number, checked: boolean) =>
    onChange(checked ? [...selected, groupId] : selected.filter((value) => value !== groupId));

  return (
    <fieldset className={error ? 'field group-choices field--invalid' : 'field group-choices'} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">
        グループ
        <RequiredBadge required={false} />
      </legend>
      {groups.length === 0 ? (
        <p className="field__hint">グループはまだありません。画面の「グループ」から作成すると、ここで選べるようになります。</p>
      ) : (
        <>
          <p className="field__hint">複数のグループに所属させることができます。</p>
          <div className="group-choices__list">
            {groups.map((group) => (
              <label key={group.group_id} className="checkbox group-choices__item">
                <input type="checkbox" checked={selected.includes(group.group_id)} onChange={(event) => toggle(group.group_id, event.target.checked)} />
                <span>{group.name}</span>
              </label>
            ))}
          </div>
        </>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
