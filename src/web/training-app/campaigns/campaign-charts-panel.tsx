import { lazy, Suspense, useId, type ComponentType, type ReactNode } from 'react';
import type { CampaignDetail } from '../../../common/campaigns.schema';
import { numberFormat } from '../dashboard/dashboard-api';
import type { ActivityChartProps, GroupChartProps } from './campaign-charts';
import { activitySummary, bucketLabel, groupRows, groupSummary, type GroupRow } from './campaign-detail-format';

/** A chunk that fails to load leaves the tables, which say the same; the page itself stays. */
function ChartUnavailable() {
  return <p className="cd-muted cd-chart__unavailable">グラフを表示できませんでした。数値は下の表で確認できます。</p>;
}

// Only this page pulls chart.js in, and only once there is something to draw.
const chartsModule = () => import('./campaign-charts');
const ActivityChart = lazy(() =>
  chartsModule().then(
    (module) => ({ default: module.ActivityChart }),
    () => ({ default: ChartUnavailable as ComponentType<ActivityChartProps> }),
  ),
);
const GroupChart = lazy(() =>
  chartsModule().then(
    (module) => ({ default: module.GroupChart }),
    () => ({ default: ChartUnavailable as ComponentType<GroupChartProps> }),
  ),
);

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="card cd-chart" aria-labelledby={headingId}>
      <h2 id={headingId} className="cd-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Opens and clicks over time, and by group (issue 11), each with its figures as a table. */
export function CampaignChartsPanel({ detail }: { detail: CampaignDetail }) {
  const { activity } = detail;
  const rows = groupRows(detail.groups);
  const anyActivity = activity.buckets.some((bucket) => bucket.opened + bucket.clicked + bucket.submitted > 0);
  // "No group" alone says nothing a per-group chart could add.
  const ended = detail.campaign.status === 'completed';
  const groupsWorthDrawing = rows.some((row) => row.group_id !== null) && rows.some((row) => row.sent > 0);
  return (
    <div className="cd-charts">
      <ChartCard title="開封・クリックの推移">
        {anyActivity ? (
          <>
            <div className="cd-chart__canvas">
              <Suspense fallback={<span className="skeleton cd-chart__skeleton" role="status" aria-label="グラフを読み込み中" />}>
                <ActivityChart activity={activity} summary={activitySummary(activity)} />
              </Suspense>
            </div>
            <DataTable caption={`開封・クリックの推移（${activity.unit === 'hour' ? '1時間ごと' : '1日ごと'}、日本時間）`}>
              <thead>
                <tr>
                  <th scope="col">{activity.unit === 'hour' ? '時間' : '日付'}</th>
                  <th scope="col">開封</th>
                  <th scope="col">クリック</th>
                  <th scope="col">入力</th>
                </tr>
              </thead>
              <tbody>
                {activity.buckets.map((bucket) => (
                  <tr key={bucket.at}>
                    <th scope="row">{bucketLabel(bucket.at, activity.unit)}</th>
                    <td>{numberFormat.format(bucket.opened)}</td>
                    <td>{numberFormat.format(bucket.clicked)}</td>
                    <td>{numberFormat.format(bucket.submitted)}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </>
        ) : (
          <p className="cd-muted">
            {ended ? '開封・クリックの記録はありません。' : 'まだ開封・クリックの記録はありません。記録されると、時間ごとの推移がここに表示されます。'}
          </p>
        )}
      </ChartCard>
      <ChartCard title="グループ別の結果">
        {groupsWorthDrawing ? (
          <>
            <div className={`cd-chart__canvas cd-chart__canvas--groups`} style={{ blockSize: `${Math.max(180, rows.length * 56 + 72)}px` }}>
              <Suspense fallback={<span className="skeleton cd-chart__skeleton" role="status" aria-label="グラフを読み込み中" />}>
                <GroupChart rows={rows} summary={groupSummary(rows)} />
              </Suspense>
            </div>
            <GroupTable rows={rows} />
          </>
        ) : (
          <p className="cd-muted">
            {!rows.some((row) => row.group_id !== null)
              ? '対象者がグループに所属していないため、グループ別の結果はありません。'
              : ended
                ? '送信されたメールがないため、グループ別の結果はありません。'
                : '送信が始まると、グループごとの開封率・クリック率・入力率がここに表示されます。'}
          </p>
        )}
      </ChartCard>
    </div>
  );
}

/** The figures behind a chart, for anyone who prefers numbers and for assistive technology. */
function DataTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <details className="cd-chart__data">
      <summary>数値を表で見る</summary>
      <div className="cd-chart__table-wrap">
        <table className="cd-data-table">
          <caption className="visually-hidden">{caption}</caption>
          {children}
        </table>
      </div>
    </details>
  );
}

function GroupTable({ rows }: { rows: GroupRow[] }) {
  return (
    <DataTable caption="グループ別の結果">
      <thead>
        <tr>
          <th scope="col">グループ</th>
          <th scope="col">対象者</th>
          <th scope="col">送信</th>
          <th scope="col">開封</th>
          <th scope="col">クリック</th>
          <th scope="col">入力</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.group_id ?? 'none'}>
            <th scope="row">{row.name}</th>
            <td>{numberFormat.format(row.total)}</td>
            <td>{numberFormat.format(row.sent)}</td>
            <td>
              {numberFormat.format(row.opened)}（{row.openRate}%）
            </td>
            <td>
              {numberFormat.format(row.clicked)}（{row.clickRate}%）
            </td>
            <td>
              {numberFormat.format(row.submitted)}（{row.submitRate}%）
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
