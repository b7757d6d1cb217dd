import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { FieldError, RequiredBadge } from '../../components/form-field';
import { fetchGroups, peopleKeys } from '../users/people-api';
import type { PersonLabel } from './campaign-draft';
import type { TargetMode } from './campaign-form-schema';
import { CampaignPeoplePicker } from './campaign-people-picker';

type Props = {
  mode: TargetMode;
  onMode: (mode: TargetMode) => void;
  groupIds: number[];
  onGroups: (ids: number[]) => void;
  userIds: number[];
  onUsers: (ids: number[]) => void;
  people: PersonLabel[];
  onPeopleSeen: (people: PersonLabel[]) => void;
  error: string | undefined;
  focusRef: Ref<HTMLFieldSetElement>;
  /** The live count under the choice. */
  children: ReactNode;
};

function GroupChecklist({ selected, onChange }: { selected: number[]; onChange: (ids: number[]) => void }) {
  const groups = useQuery({ queryKey: peopleKeys.groups, queryFn: ({ signal }) => fetchGroups(signal) });
  const toggle = (groupId: number, checked: boolean) => onChange(checked ? [...selected, groupId] : selected.filter((value) => value !== groupId));

  return (
    <fieldset className="cmp-fieldset cmp-groups">
      <legend className="field__label">グループ</legend>
      {groups.isPending ? (
        <span className="skeleton cmp-skeleton cmp-skeleton--short" role="status" aria-label="グループを読み込み中" />
      ) : groups.isError ? (
        <p className="field__error">グループの一覧を取得できませんでした。時間をおいて再度お試しください。</p>
      ) : groups.data.length === 0 ? (
        <p className="cmp-muted">
          グループはまだありません。<Link to="/users">ユーザー管理</Link>で部署などのグループを作ると、まとめて選べるようになります。
        </p>
      ) : (
        <ul className="cmp-group-list">
          {groups.data.map((group) => (
            <li key={group.group_id}>
              <label className="checkbox cmp-group">
                <input type="checkbox" checked={selected.includes(group.group_id)} onChange={(event) => toggle(group.group_id, event.target.checked)} />
                <span>
                  {group.name}
                  <span className="cmp-group__count">（{group.member_count}名）</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** Who receives the mail: everyone registered, or chosen groups and people (a person in both counts once). */
export function CampaignTargetsField({ mode, onMode, groupIds, onGroups, userIds, onUsers, people, onPeopleSeen, error, focusRef, children }: Props) {
  const id = useId();
  return (
    <fieldset
      ref={focusRef}
      tabIndex={-1}
      className={error ? 'cmp-fieldset field--invalid' : 'cmp-fieldset'}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="cmp-legend">
        <h2 className="cmp-section__title">
          送信対象
          <RequiredBadge required />
        </h2>
      </legend>
      <div className="cmp-radio-cards">
        <label className={mode === 'all' ? 'cmp-radio-card is-selected' : 'cmp-radio-card'}>
          <input type="radio" name={`${id}-mode`} value="all" checked={mode === 'all'} onChange={() => onMode('all')} />
          <span>
            <span className="cmp-radio-card__title">登録済みの受講者全員</span>
            <span className="cmp-radio-card__text">開始の時点で登録されている全員に送信します。</span>
          </span>
        </label>
        <label className={mode === 'chosen' ? 'cmp-radio-card is-selected' : 'cmp-radio-card'}>
          <input type="radio" name={`${id}-mode`} value="chosen" checked={mode === 'chosen'} onChange={() => onMode('chosen')} />
          <span>
            <span className="cmp-radio-card__title">グループ・受講者を選ぶ</span>
            <span className="cmp-radio-card__text">部署などのグループや、個別の受講者を選んで送信します。</span>
          </span>
        </label>
      </div>
      <FieldError id={`${id}-error`} message={error} />
      {mode === 'chosen' && (
        <div className="cmp-targets-chosen">
          <GroupChecklist selected={groupIds} onChange={onGroups} />
          <CampaignPeoplePicker selected={userIds} onChange={onUsers} known={people} onSeen={onPeopleSeen} />
        </div>
      )}
      {children}
    </fieldset>
  );
}
