import { z } from 'zod';
import type { CampaignFormValues } from './campaign-form-schema';

/**
 * What the editor hands to the confirmation screen (and gets back from 「修正する」): the form values,
 * the campaign they belong to once saved, and the names of hand-picked people, which only the
 * editor's search has seen. It travels in the router's location state and in sessionStorage, so a
 * reload of either screen keeps it; sessionStorage is per tab, so two tabs do not mix campaigns.
 */
const personLabelSchema = z.object({ user_id: z.number().int(), name: z.string(), email: z.string() });
export type PersonLabel = z.output<typeof personLabelSchema>;

const formValuesSchema = z.object({
  campaign_name: z.string(),
  template_ids: z.array(z.number().int()),
  target_mode: z.enum(['all', 'chosen']),
  group_ids: z.array(z.number().int()),
  user_ids: z.array(z.number().int()),
  start_mode: z.enum(['now', 'later']),
  start_local: z.string(),
  spread: z.boolean(),
  end_local: z.string(),
  business_hours_only: z.boolean(),
  weekdays_only: z.boolean(),
  skip_holidays: z.boolean(),
  randomize: z.boolean(),
}) satisfies z.ZodType<CampaignFormValues>;

const draftSchema = z.object({
  values: formValuesSchema,
  /** The campaign being edited, or the draft the confirmation already saved (a retry must not create a second one). */
  campaignId: z.number().int().positive().nullable(),
  people: z.array(personLabelSchema),
});
export type CampaignDraft = z.output<typeof draftSchema>;

export const DRAFT_STORAGE_KEY = 'kizuki.campaign-draft';

/** The draft in a location state or a stored string; null for anything else (an old tab, a hand-edited value). */
export function parseDraft(value: unknown): CampaignDraft | null {
  const parsed = draftSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Storage can be missing or full (private browsing); the router state still carries the draft then. */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function saveDraft(draft: CampaignDraft): void {
  try {
    storage()?.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Quota or privacy mode: the location state is enough for this visit.
  }
}

export function readStoredDraft(): CampaignDraft | null {
  try {
    const text = storage()?.getItem(DRAFT_STORAGE_KEY);
    return text ? parseDraft(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** The router's state first (this navigation), then the tab's storage (a reload). */
export function currentDraft(locationState: unknown): CampaignDraft | null {
  const fromState = typeof locationState === 'object' && locationState !== null ? parseDraft((locationState as { draft?: unknown }).draft) : null;
  return fromState ?? readStoredDraft();
}

/** Where 「修正する」 goes: the saved campaign's edit screen, or the create screen for one not saved yet. */
export function editorPathOf(draft: Pick<CampaignDraft, 'campaignId'>): string {
  return draft.campaignId !== null ? `/campaigns/${draft.campaignId}/edit` : '/campaigns/create';
}
