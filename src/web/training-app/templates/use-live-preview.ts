import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { inputOf, type TemplateFormValues } from './template-form-schema';
import { previewDraft, type TemplateInput } from './templates-api';

const DEBOUNCE_MS = 600;

/**
 * Only what shows in the mail matters; the name, theme and flags do not change the preview. A field
 * not filled in yet shows as a placeholder, so the preview speaks up only about real mistakes
 * (an unknown variable, a missing {{url}}), not about a form that is still being written.
 */
function previewPart(values: TemplateFormValues): TemplateInput {
  const input = inputOf(values);
  return {
    ...input,
    name: input.name || '下書き',
    sender_name: input.sender_name || '（差出人名）',
    sender_local_part: input.sender_local_part || 'sender',
    subject: input.subject.trim() ? input.subject : '（件名）',
    red_flags: [],
  };
}

/**
 * The draft rendered by the server, asked for once typing has paused. Answers for an older draft
 * are dropped (the query key is the draft), and the last good preview stays while a new one loads.
 */
export function useLivePreview(values: TemplateFormValues) {
  const current = JSON.stringify(previewPart(values));
  const [settled, setSettled] = useState(current);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(current), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [current]);

  const query = useQuery({
    queryKey: ['templates', 'draft-preview', settled],
    queryFn: ({ signal }) => previewDraft(JSON.parse(settled) as TemplateInput, signal),
    placeholderData: (previous) => previous,
    retry: false,
    staleTime: Infinity,
  });
  return { query, stale: current !== settled || query.isPlaceholderData };
}
