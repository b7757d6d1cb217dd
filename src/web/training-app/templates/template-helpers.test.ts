import { describe, expect, it } from 'vitest';
import type { Template } from '../../../common/templates.schema';
import { readFilters, writeFilters } from './library-filters';
import { previewDocumentUrl } from './preview-document';
import { EMPTY_TEMPLATE, formValuesOf, inputOf, templateFormResolver } from './template-form-schema';
import { difficultyStars } from './template-labels';

const template: Template = {
  template_id: 7,
  name: '宅配便の不在通知',
  category: 'delivery',
  difficulty: 2,
  sender_name: 'ヤマネコ運輸',
  sender_local_part: 'info',
  subject: '{{name}}様 お荷物のお届けについて',
  html_body: '<p><a href="{{url}}">再配達</a></p>',
  text_body: '{{url}}',
  landing: 'login',
  red_flags: [{ label: 'ドメインが違う', explanation: '公式ではありません', excerpt: 'yamaneko-unyu.example' }],
  is_builtin: false,
  created_at: '2026-11-26T00:00:00.000Z',
  updated_at: '2026-11-26T00:00:00.000Z',
};

describe('library filters in the address', () => {
  it('reads back what it writes', () => {
    const filters = { category: 'delivery' as const, difficulty: 3, source: 'own' as const, q: '不在', offset: 24 };
    expect(readFilters(writeFilters(filters))).toEqual(filters);
  });

  it('ignores values no filter offers', () => {
    expect(readFilters(new URLSearchParams('category=nope&difficulty=9&source=all&offset=-3'))).toEqual({ category: '', difficulty: null, source: '', q: '', offset: 0 });
    expect(writeFilters({ category: '', difficulty: null, source: '', q: '', offset: 0 }).toString()).toBe('');
  });
});

describe('the editor values', () => {
  it('turn a template into form values and back without loss', () => {
    const { template_id: _id, is_builtin: _builtin, created_at: _created, updated_at: _updated, ...input } = template;
    expect(inputOf(formValuesOf(template))).toEqual(input);
    expect(formValuesOf(template).difficulty).toBe('2');
  });

  it('are checked with the server’s messages, leaving variables to the server', async () => {
    const empty = await templateFormResolver({ ...EMPTY_TEMPLATE }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(Object.keys(empty.errors).sort()).toEqual(['name', 'sender_local_part', 'sender_name', 'subject']);
    const unknownVariable = await templateFormResolver({ ...formValuesOf(template), subject: '{{coupon}}' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(unknownVariable.errors).toEqual({});
  });
});

describe('preview frames and labels', () => {
  it('frames only same-origin preview documents', () => {
    const preview = { subject: 's', html: '', text: '', from: 'f', preview_url: '/template-previews/abc' };
    expect(previewDocumentUrl(preview)).toBe('/template-previews/abc');
    expect(previewDocumentUrl({ ...preview, preview_url: 'https://evil.example/x' })).toBeUndefined();
    expect(previewDocumentUrl({ ...preview, preview_url: 'javascript:alert(1)' })).toBeUndefined();
    expect(previewDocumentUrl(undefined)).toBeUndefined();
  });

  it('shows the difficulty as stars out of three', () => {
    expect(difficultyStars(1)).toBe('★☆☆');
    expect(difficultyStars(3)).toBe('★★★');
  });
});
