import { useQuery } from '@tanstack/react-query';
import type { CampaignAudience } from '../../../common/campaigns.schema';
import { numberFormat } from '../dashboard/dashboard-api';
import { fetchGroups, peopleKeys } from '../users/people-api';
import type { CampaignDraft } from './campaign-draft';
import { scheduleConditions, scheduleInWords } from './campaign-schedule-text';
import { useTemplateNames } from './campaign-template-preview';

/** 「山田 太郎、佐藤 花子 ほか3名」: the people picked by hand, as far as the editor saw their names. */
function peopleText(draft: CampaignDraft): string | null {
  const ids = draft.values.user_ids;
  if (ids.length === 0) return null;
  const names = draft.people.filter((person) => ids.includes(person.user_id)).map((person) => person.name);
  const shown = names.slice(0, 5);
  const rest = ids.length - shown.length;
  if (shown.length === 0) return `${ids.length}名`;
  return rest > 0 ? `${shown.join('、')} ほか${rest}名` : shown.join('、');
}

function TargetsText({ draft }: { draft: CampaignDraft }) {
  const groups = useQuery({ queryKey: peopleKeys.groups, queryFn: ({ signal }) => fetchGroups(signal), enabled: draft.values.target_mode === 'chosen' });
  if (draft.values.target_mode === 'all') return <>登録済みの受講者全員</>;
  const chosenGroups = (groups.data ?? []).filter((group) => draft.values.group_ids.includes(group.group_id));
  const people = peopleText(draft);
  return (
    <ul className="cmp-plain-list">
      {draft.values.group_ids.length > 0 && (
        <li>
          グループ：
          {chosenGroups.length > 0 ? chosenGroups.map((group) => `${group.name}（${group.member_count}名）`).join('、') : `${draft.values.group_ids.length}件`}
        </li>
      )}
      {people && <li>個別に選んだ受講者：{people}</li>}
    </ul>
  );
}

/** Everything the campaign will do, once more in words, before it starts. */
export function CampaignConfirmSummary({ draft, audience }: { draft: CampaignDraft; audience: CampaignAudience | undefined }) {
  const templates = useTemplateNames(draft.values.template_ids);
  const conditions = scheduleConditions(draft.values);
  return (
    <dl className="summary-list cmp-summary">
      <div className="summary-list__row">
        <dt>キャンペーン名</dt>
        <dd>{draft.values.campaign_name}</dd>
      </div>
      <div className="summary-list__row">
        <dt>テンプレート</dt>
        <dd>
          <ul className="cmp-plain-list">
            {templates.map((template) => (
              <li key={template.templateId}>{template.name ?? (template.failed ? `テンプレート #${template.templateId}` : '読み込み中...')}</li>
            ))}
          </ul>
          {templates.length > 1 && <p className="cmp-note">受信者ごとに、いずれか1つがランダムに送られます。</p>}
        </dd>
      </div>
      <div className="summary-list__row">
        <dt>送信対象</dt>
        <dd>
          <TargetsText draft={draft} />
        </dd>
      </div>
      <div className="summary-list__row">
        <dt>送信する人数</dt>
        <dd>
          {audience ? (
            <>
              {numberFormat.format(audience.sendable)}名
              {audience.refused > 0 && <span className="cmp-summary__aside">（ドメイン未確認のため送信できない {numberFormat.format(audience.refused)}名を除く）</span>}
            </>
          ) : (
            '計算中...'
          )}
        </dd>
      </div>
      <div className="summary-list__row">
        <dt>送信日時</dt>
        <dd>{scheduleInWords(draft.values)}</dd>
      </div>
      <div className="summary-list__row">
        <dt>送信する時間帯</dt>
        <dd>{conditions.length > 0 ? conditions.join('・') : '指定なし（曜日・時刻を問わず送信）'}</dd>
      </div>
    </dl>
  );
}
