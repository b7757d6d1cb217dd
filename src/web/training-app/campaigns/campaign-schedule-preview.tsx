import { useId } from 'react';
import { numberFormat } from '../dashboard/dashboard-api';
import type { SchedulePreview } from './campaign-schedule-text';
import { formatDayKey, formatSendTime } from './campaign-time';

type Props = {
  preview: SchedulePreview;
  /** Still counting the targets: the figures would be for an old count. */
  counting?: boolean;
  /** The count could not be had (the audience request failed). */
  countUnknown?: boolean;
};

/** When the sends would go (first, last, and how many per day), from the shared planner with the live count. */
export function CampaignSchedulePreview({ preview, counting = false, countUnknown = false }: Props) {
  const id = useId();
  let body;
  if (preview.kind === 'incomplete') {
    body = <p className="cmp-muted">日時を入力すると、送信の予定がここに表示されます。</p>;
  } else if (preview.kind === 'none') {
    body = <p className="cmp-note cmp-note--warning">{preview.message}</p>;
  } else if (preview.count === 0 && countUnknown) {
    body = <p className="cmp-muted">対象者数を確認できないため、送信予定を表示できません。</p>;
  } else if (preview.count === 0) {
    body = <p className="cmp-muted">{counting ? '対象者数を計算しています...' : '送信できる対象者がいないため、送信の予定はまだありません。'}</p>;
  } else {
    const { first, last, perDay } = preview.summary;
    const listed = perDay.reduce((sum, day) => sum + day.count, 0);
    const busiest = Math.max(1, ...perDay.map((day) => day.count));
    body = (
      <>
        <dl className="cmp-plan__range">
          {first && last && first.getTime() === last.getTime() ? (
            <div>
              <dt>送信日時（全員同時）</dt>
              <dd>{formatSendTime(first)}</dd>
            </div>
          ) : (
            <>
              <div>
                <dt>最初の送信</dt>
                <dd>{first ? formatSendTime(first) : '—'}</dd>
              </div>
              <div>
                <dt>最後の送信</dt>
                <dd>{last ? formatSendTime(last) : '—'}</dd>
              </div>
            </>
          )}
        </dl>
        <table className="cmp-plan__days">
          <caption className="visually-hidden">日ごとの送信数</caption>
          <thead className="visually-hidden">
            <tr>
              <th scope="col">日付</th>
              <th scope="col">送信数</th>
            </tr>
          </thead>
          <tbody>
            {perDay.map((day) => (
              <tr key={day.day}>
                <th scope="row">{formatDayKey(day.day)}</th>
                <td>
                  <meter className="cmp-plan__bar" min={0} max={busiest} value={day.count} aria-hidden="true" />
                  <span className="cmp-plan__count">{numberFormat.format(day.count)}通</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {listed < preview.count && <p className="cmp-note">ほか {numberFormat.format(preview.count - listed)}通は、その後の日に送信されます。</p>}
        {preview.randomized && <p className="cmp-note">ランダムな時刻の一例です。実際の送信時刻は、開始したときに受信者ごとに決まります。</p>}
      </>
    );
  }

  return (
    <section className="cmp-plan" aria-labelledby={`${id}-title`} aria-busy={counting || undefined}>
      <h3 id={`${id}-title`} className="cmp-subtitle">
        送信予定の見込み
        {preview.kind === 'planned' && preview.count > 0 && <span className="cmp-plan__total">（{numberFormat.format(preview.count)}通）</span>}
      </h3>
      {body}
    </section>
  );
}
