import { describe, expect, it } from 'vitest';
import { currentDraft, editorPathOf, parseDraft, type CampaignDraft } from './campaign-draft';
import { EMPTY_CAMPAIGN } from './campaign-form-schema';

const draft: CampaignDraft = {
  values: { ...EMPTY_CAMPAIGN, campaign_name: '冬の訓練', template_ids: [1, 2] },
  campaignId: null,
  people: [{ user_id: 4, name: '山田 太郎', email: 'taro@example.co.jp' }],
};

describe('the draft carried to the confirmation', () => {
  it('survives the trip through JSON (sessionStorage) unchanged', () => {
    expect(parseDraft(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
  });

  it('refuses anything that is not a whole draft', () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft({ values: { campaign_name: 'x' }, campaignId: null, people: [] })).toBeNull();
    expect(parseDraft({ ...draft, campaignId: 0 })).toBeNull();
    expect(parseDraft({ ...draft, values: { ...draft.values, start_mode: 'tomorrow' } })).toBeNull();
  });

  it('is read from the navigation state first', () => {
    expect(currentDraft({ draft })).toEqual(draft);
    // No state and no browser storage (this test runs in Node): nothing to confirm.
    expect(currentDraft(null)).toBeNull();
    expect(currentDraft({ draft: 'broken' })).toBeNull();
  });

  it('goes back to the create screen, or to the edit screen once the campaign is saved', () => {
    expect(editorPathOf(draft)).toBe('/campaigns/create');
    expect(editorPathOf({ campaignId: 12 })).toBe('/campaigns/12/edit');
  });
});
