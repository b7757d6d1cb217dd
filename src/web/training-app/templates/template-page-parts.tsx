import { ItemNotFound } from '../components/item-not-found';
import { useIdParam } from '../components/use-id-param';

export const LIBRARY = { label: 'テンプレート一覧', to: '/templates' };

/** Reads the numeric id of /templates/:id; anything else is a page that does not exist. */
export const useTemplateId = useIdParam;

export function TemplateNotFound({ title }: { title: string }) {
  return <ItemNotFound title={title} problem="テンプレートが見つかりません" list={LIBRARY} />;
}

