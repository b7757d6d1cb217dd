import { TEMPLATE_CATEGORIES, TEMPLATE_DIFFICULTIES, type TemplateCategory } from '../../../common/templates.schema';

/** Japanese wording of the shared template enums, for cards, filters and the form. */
export function categoryLabel(category: TemplateCategory): string {
  return TEMPLATE_CATEGORIES.find((entry) => entry.id === category)?.label ?? category;
}

export function difficultyLabel(level: number): string {
  return TEMPLATE_DIFFICULTIES.find((entry) => entry.level === level)?.label ?? `レベル${level}`;
}

/** ★★☆ for level 2 of 3; read aloud through the label beside it, so it is decorative. */
export function difficultyStars(level: number): string {
  const max = TEMPLATE_DIFFICULTIES.length;
  const filled = Math.max(0, Math.min(max, level));
  return '★'.repeat(filled) + '☆'.repeat(max - filled);
}

export const LANDING_LABELS = {
  training: 'すぐに訓練ページを表示',
  login: '偽のログイン画面を表示してから訓練ページへ',
} as const;
