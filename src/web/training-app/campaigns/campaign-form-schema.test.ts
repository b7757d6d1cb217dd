import { campaignMessages } from '../../../common/messages';
import { describe, expect, it } from 'vitest';
import { campaignMessages as m } from '../../../common/messages';
import type { CampaignDetail } from '../../../common/campaigns.schema';
import { campaignFormErrors, EMPTY_CAMPAIGN, formValuesOf, inputOf, serverFieldErrors, type CampaignFormValues } from './campaign-form-schema';

/** Friday 2026-11-20, 09:00 in Tokyo. */
const NOW = new Date('2026-11-20T00:00:00Z');

const valid: CampaignFormValues = { ...EMPTY_CAMPAIGN, campaign_name: '12月 全社訓練', template_ids: [3] };

describe('the API body of the form', () => {
  it('sends everyone, or only the ticked groups and people', () => {
    expect(inputOf({ ...valid, group_ids: [1], user_ids: [2] })).toMatchObject({ all_users: true, group_ids: [], user_ids: [] });
    expect(inputOf({ ...valid, target_mode: 'chosen', group_ids: [1], user_ids: [2] })).toMatchObject({ all_users: false, group_ids: [1], user_ids: [2] });
  });

  it('turns Japan-time inputs into instants, and "start now" into null', () => {
    expect(inputOf(valid)).toMatchObject({ start_at: null, end_at: null, randomize: false });
    const later = inputOf({ ...valid, start_mode: 'later', start_local: '2026-11-24T10:00', spread: true, end_local: '2026-11-27T18:00' });
    expect(later).toMatchObject({ start_at: '2026-11-24T10:00:00+09:00', end_at: '2026-11-27T18:00:00+09:00', randomize: true });
  });

  it('keeps a start time typed before switching back to "start now" out of the body', () => {
    expect(inputOf({ ...valid, start_mode: 'now', start_local: '2026-11-24T10:00', spread: false, end_local: '2026-11-27T18:00' })).toMatchObject({
      start_at: null,
      end_at: null,
    });
  });
});

describe('the form checks', () => {
  it('passes a complete campaign', () => {
    expect(campaignFormErrors(valid, NOW)).toEqual({});
  });

  it('words a missing name, template and choice of targets as the server does', () => {
    const errors = campaignFormErrors({ ...EMPTY_CAMPAIGN, target_mode: 'chosen' }, NOW);
    expect(errors).toEqual({ campaign_name: m.nameRequired, template_ids: m.templateRequired, user_ids: m.targetsRequired });
  });

  it('asks for the start and end times the choices need', () => {
    expect(campaignFormErrors({ ...valid, start_mode: 'later' }, NOW)).toEqual({ start_local: campaignMessages.startRequired });
    expect(campaignFormErrors({ ...valid, spread: true }, NOW)).toEqual({ end_local: campaignMessages.endRequired });
    expect(campaignFormErrors({ ...valid, start_mode: 'later', start_local: '2026-02-30T09:00' }, NOW)).toEqual({ start_local: m.dateTimeInvalid });
  });

  it('refuses times in the past and an end before the start', () => {
    expect(campaignFormErrors({ ...valid, start_mode: 'later', start_local: '2026-11-20T08:59' }, NOW)).toEqual({ start_local: campaignMessages.startInPast });
    expect(campaignFormErrors({ ...valid, spread: true, end_local: '2026-11-19T18:00' }, NOW)).toEqual({ end_local: m.endInPast });
    const backwards = { ...valid, start_mode: 'later' as const, start_local: '2026-11-26T10:00', spread: true, end_local: '2026-11-25T10:00' };
    expect(campaignFormErrors(backwards, NOW)).toEqual({ end_local: m.endBeforeStart });
  });

  it('says when the rules leave no time to send in the window (a weekend, weekdays only)', () => {
    const weekend = { ...valid, start_mode: 'later' as const, start_local: '2026-11-28T09:00', spread: true, end_local: '2026-11-29T18:00' };
    expect(campaignFormErrors(weekend, NOW)).toEqual({ end_local: m.noSendableTime });
    expect(campaignFormErrors({ ...weekend, weekdays_only: false }, NOW)).toEqual({});
  });

  it('puts a 422 under the inputs that show it', () => {
    expect(serverFieldErrors({ start_at: ['a'], end_at: ['b'], 'template_ids.0': ['c'], group_ids: ['d'], unknown: ['e'] })).toEqual({
      start_local: 'a',
      end_local: 'b',
      template_ids: 'c',
      user_ids: 'd',
    });
  });
});

describe('a saved campaign in the form', () => {
  it('shows its schedule in Japan time and its targets as chosen', () => {
    const detail = {
      campaign: {
        campaign_name: '保存済み',
        schedule: { start_at: '2026-11-24T01:00:00Z', end_at: null, business_hours_only: false, weekdays_only: true, skip_holidays: false, randomize: false },
        targets: { all_users: false, user_ids: [5], group_ids: [7, 8] },
      },
      templates: [{ template_id: 2 }, { template_id: 9 }],
    } as unknown as CampaignDetail;
    const values = formValuesOf(detail);
    expect(values).toMatchObject({
      campaign_name: '保存済み',
      template_ids: [2, 9],
      target_mode: 'chosen',
      group_ids: [7, 8],
      user_ids: [5],
      start_mode: 'later',
      start_local: '2026-11-24T10:00',
      spread: false,
      weekdays_only: true,
    });
    expect(inputOf(values)).toMatchObject({ start_at: '2026-11-24T10:00:00+09:00', all_users: false, group_ids: [7, 8], user_ids: [5] });
  });
});
