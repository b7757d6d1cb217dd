import { TEMPLATE_CATEGORY_IDS, type TemplateCategory } from '../../../common/templates.schema';
import type { TemplateFilters, TemplateSource } from './templates-api';

/** The filters live in the address, so a filtered page can be reloaded, shared and gone back to. */
export function readFilters(params: URLSearchParams): TemplateFilters {
  const category = params.get('category') ?? '';
  const difficulty = Number(params.get('difficulty'));
  const offset = Number(params.get('offset'));
  return {
    category: (TEMPLATE_CATEGORY_IDS as readonly string[]).includes(category) ? (category as TemplateCategory) : '',
    difficulty: [1, 2, 3].includes(difficulty) ? difficulty : null,
    source: params.get('source') === 'builtin' || params.get('source') === 'own' ? (params.get('source') as TemplateSource) : '',
    q: params.get('q') ?? '',
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
  };
}

export function writeFilters(filters: TemplateFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.difficulty) params.set('difficulty', String(filters.difficulty));
  if (filters.source) params.set('source', filters.source);
  if (filters.q) params.set('q', filters.q);
  if (filters.offset) params.set('offset', String(filters.offset));
  return params;
}

