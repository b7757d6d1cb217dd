import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Group } from '../../../common/people.schema';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { GroupDialog } from './group-dialog';
import { deleteGroup, peopleKeys } from './people-api';

type Editing = { kind: 'create' } | { kind: 'rename'; group: Group } | { kind: 'delete'; group: Group } | null;

type GroupsPanelProps = {
  groups: Group[] | undefined;
  loadFailed: boolean;
  headingId: string;
  /** Shows the members of one group in the list. */
  onShowGroup: (groupId: number) => void;
  onDeleted: (groupId: number) => void;
};

/** Groups (departments, teams): create, rename, delete; people stay when their group goes. */
export function GroupsPanel({ groups, loadFailed, headingId, onShowGroup, onDeleted }: GroupsPanelProps) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <section className="card people-groups" aria-labelledby={headingId}>
      <div className="people-groups__header">
        <h2 id={headingId} className="people-groups__title">
          グループ
        </h2>
        <button type="button" className="button button--secondary button--small" onClick={() => setEditing({ kind: 'create' })}>
          <span aria-hidden="true">＋</span>
          グループを作成
        </button>
      </div>
      {loadFailed ? (
        <p className="people-groups__empty">グループを読み込めませんでした。再読み込みしてください。</p>
      ) : !groups ? (
        <p className="people-groups__empty">読み込み中...</p>
      ) : groups.length === 0 ? (
        <p className="people-groups__empty">部署やチームごとにグループを作ると、キャンペーンの送信先をまとめて選べます。CSVの「部署」列からも自動で作成されます。</p>
      ) : (
        <ul className="people-groups__list">
          {groups.map((group) => (
            <li key={group.group_id} className="people-groups__item">
              <button type="button" className="people-groups__name" onClick={() => onShowGroup(group.group_id)}>
                <span>{group.name}</span>
                <span className="people-groups__count">{group.member_count}名</span>
                <span className="visually-hidden">の受講者を一覧に表示</span>
              </button>
              <span className="people-groups__actions">
                <button type="button" className="button button--ghost button--small" onClick={() => setEditing({ kind: 'rename', group })} aria-label={`${group.name}の名前を変更`}>
                  名前を変更
                </button>
                <button type="button" className="button button--ghost button--small people-groups__delete" onClick={() => setEditing({ kind: 'delete', group })} aria-label={`${group.name}を削除`}>
                  削除
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {editing?.kind === 'create' && <GroupDialog onClose={() => setEditing(null)} />}
      {editing?.kind === 'rename' && <GroupDialog group={editing.group} onClose={() => setEditing(null)} />}
      {editing?.kind === 'delete' && (
        <ConfirmDialog
          title="グループの削除"
          confirmLabel="削除する"
          busyLabel="削除中..."
          failureMessage="グループを削除できませんでした。時間をおいて再度お試しください。"
          action={() => deleteGroup(editing.group.group_id)}
          onCancel={() => setEditing(null)}
          onDone={() => {
            const { group_id } = editing.group;
            setEditing(null);
            onDeleted(group_id);
            void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
          }}
        >
          <p>
            グループ「{editing.group.name}」を削除します。所属している{editing.group.member_count}名の受講者は削除されず、このグループから外れるだけです。
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
