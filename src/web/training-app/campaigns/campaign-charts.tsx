import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip, type ChartData, type ChartOptions } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { CampaignDetail } from '../../../common/campaigns.schema';
import { bucketLabel, type GroupRow } from './campaign-detail-format';

/**
 * chart.js lives only in this module, which the campaign page imports lazily, so no other page
 * downloads it. chart.js sizes its canvas through the CSSOM (canvas.style), which style-src does
 * not govern, and injects no <style> element, so it runs under the page's CSP.
 */
ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

// Colours and font come from the stylesheet (campaign-detail.css, tokens.css): one source for the funnel, the badges and these charts.
const rootStyle = getComputedStyle(document.documentElement);
const cssValue = (name: string, fallback: string) => rootStyle.getPropertyValue(name).trim() || fallback;
const COLORS = {
  opened: cssValue('--campaign-opened', '#0f7b6c'),
  clicked: cssValue('--campaign-clicked', '#c77700'),
  submitted: cssValue('--campaign-submitted', '#c4281c'),
  grid: cssValue('--color-border', '#d6dce4'),
  text: cssValue('--color-text-muted', '#56606e'),
};
ChartJS.defaults.font.family = cssValue('--font-sans', 'sans-serif');
ChartJS.defaults.color = COLORS.text;

const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const baseOptions = {
  responsive: true,
  maintainAspectRatio: false,
  animation: reducedMotion ? (false as const) : { duration: 300 },
  plugins: { legend: { position: 'bottom' as const, labels: { boxWidth: 12, boxHeight: 12 } } },
} satisfies ChartOptions<'bar'>;

const series = [
  { key: 'opened', label: '開封' },
  { key: 'clicked', label: 'クリック' },
  { key: 'submitted', label: '入力' },
] as const;

export type ActivityChartProps = { activity: CampaignDetail['activity']; summary: string };

/** Counted opens, clicks and entries per hour or per day (Japan time). */
export function ActivityChart({ activity, summary }: ActivityChartProps) {
  const data: ChartData<'bar'> = {
    labels: activity.buckets.map((bucket) => bucketLabel(bucket.at, activity.unit)),
    datasets: series.map(({ key, label }) => ({
      label,
      data: activity.buckets.map((bucket) => bucket[key]),
      backgroundColor: COLORS[key],
      borderRadius: 3,
      maxBarThickness: 28,
    })),
  };
  const options: ChartOptions<'bar'> = {
    ...baseOptions,
    scales: {
      x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkip: true, autoSkipPadding: 12 } },
      y: { beginAtZero: true, ticks: { precision: 0 }, grid: { color: COLORS.grid }, title: { display: true, text: '人数' } },
    },
    plugins: { ...baseOptions.plugins, tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}：${item.formattedValue}名` } } },
  };
  return <Bar data={data} options={options} aria-label={summary} />;
}

export type GroupChartProps = { rows: GroupRow[]; summary: string };

/** Open, click and entry rates per group, side by side, so groups of different sizes compare fairly. */
export function GroupChart({ rows, summary }: GroupChartProps) {
  const rates = [
    { key: 'openRate', label: '開封率', color: COLORS.opened },
    { key: 'clickRate', label: 'クリック率', color: COLORS.clicked },
    { key: 'submitRate', label: '入力率', color: COLORS.submitted },
  ] as const;
  const data: ChartData<'bar'> = {
    labels: rows.map((row) => row.name),
    datasets: rates.map(({ key, label, color }) => ({ label, data: rows.map((row) => row[key]), backgroundColor: color, borderRadius: 3, maxBarThickness: 16 })),
  };
  const options: ChartOptions<'bar'> = {
    ...baseOptions,
    indexAxis: 'y',
    scales: {
      x: { min: 0, max: 100, ticks: { callback: (value) => `${value}%` }, grid: { color: COLORS.grid } },
      y: { grid: { display: false } },
    },
    plugins: { ...baseOptions.plugins, tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}：${item.formattedValue}%` } } },
  };
  return <Bar data={data} options={options} aria-label={summary} />;
}
