import type { Person } from '../../../common/people.schema';
import { formatReportDate } from '../../../common/date-format';

type PeopleTableProps = {
  people: Person[];
  caption: string;
  onEdit: (person: Person) => void;
  onDelete: (person: Person) => void;
};

/** The people of one page: a table on wide screens, one card per person on phones (CSS only). */
export function PeopleTable({ people, caption, onEdit, onDelete }: PeopleTableProps) {
  return (
    <table className="card-table people-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">氏名・メールアドレス</th>
          <th scope="col">部署</th>
          <th scope="col">グループ</th>
          <th scope="col">登録日</th>
          <th scope="col">
            <span className="visually-hidden">操作</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {people.map((person) => (
          <tr key={person.user_id}>
            <th scope="row" className="people-table__person">
              <span className="people-table__name">{person.name}</span>
              <span className="people-table__email">{person.email}</span>
            </th>
            <td data-label="部署">{person.department ?? <span className="people-table__none">未設定</span>}</td>
            <td data-label="グループ">
              {person.groups.length === 0 ? (
                <span className="people-table__none">なし</span>
              ) : (
                <ul className="group-chips" aria-label={`${person.name}さんのグループ`}>
                  {person.groups.map((group) => (
                    <li key={group.group_id} className="group-chip">
                      {group.name}
                    </li>
                  ))}
                </ul>
              )}
            </td>
            <td data-label="登録日" className="people-table__date">
              {formatReportDate(person.created_at)}
            </td>
            <td className="people-table__actions">
              <button type="button" className="button button--secondary button--small" onClick={() => onEdit(person)} aria-label={`${person.name}さんを編集`}>
                編集
              </button>
              <button type="button" className="button button--danger-outline button--small" onClick={() => onDelete(person)} aria-label={`${person.name}さんを削除`}>
                削除
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
