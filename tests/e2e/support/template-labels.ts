import { TEMPLATE_CATEGORIES } from '../../../src/common/templates.schema';

/** A theme's label as the filter and the cards show it (from the shared list, never retyped). */
export function categoryLabelForTest(id: string): string {
  const label = TEMPLATE_CATEGORIES.find((category) => category.id === id)?.label;
  if (!label) throw new Error(`unknown template category ${id}`);
  return label;
}
