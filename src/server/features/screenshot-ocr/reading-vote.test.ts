import { describe, expect, it } from 'vitest';
import { sameText, voteReadings } from './reading-vote';

describe('three readings of one address vote character by character', () => {
  it.each([
    // the pivot (the page's own reading), the two readings of the crop, the vote
    ['three readings that agree stay as they are', 'https://a.example/x', 'https://a.example/x', 'https://a.example/x', 'https://a.example/x'],
    ['a letter the pivot alone misread', 'https://tepco-jp.nudy.example/check/info', 'https://tepco-jp.nu4y.mple/checkinfo', 'https://tepco-jp.nu4y.example/check/info', 'https://tepco-jp.nu4y.example/check/info'],
    ['a "?" two readers saw, read as "7" by the third', 'https://x.example/login?u=AB', 'https://x.example/login7u=AB', 'https://x.example/login?u=AB', 'https://x.example/login?u=AB'],
    ['a "/" the page reading dropped and the pivot kept', 'https://kuroneko.xyz/portal/sp', 'https://kuroneko.xyz/portalsp', 'https://kuroneko.xyz/portal/sp', 'https://kuroneko.xyz/portal/sp'],
    ['characters the other two both lack go', 'https://d-a.ccount.top/jp', 'https://d-account.top/jp', 'https://d-account.top/jp', 'https://d-account.top/jp'],
    ['characters the other two both add come in', 'https://8pc3tg92test/mypage', 'https://8pc3tg92.test/mypage', 'https://8pc3tg92.test/mypage', 'https://8pc3tg92.test/mypage'],
    ['where the other two disagree, the pivot stands', 'https://q0.example', 'https://qO.example', 'https://qQ.example', 'https://q0.example'],
    ['something extra only one of them has stays out', 'info@mail.example', 'infoo@mail.example', 'info@mail.example', 'info@mail.example'],
  ])('%s', (_, pivot, first, second, voted) => {
    expect(voteReadings(pivot, first, second)).toBe(voted);
  });
});

describe('the ends of the pivot that both crop readings lack stay', () => {
  it.each([
    ['a first glyph the crop cut', 'auid@mail.au-kddi.test', 'id@mail.au-kddi.test', 'id@mail.au-kddi.test', 'auid@mail.au-kddi.test'],
    ['a last glyph the crop cut', 'https://x.example/ja', 'https://x.example/j', 'https://x.example/j', 'https://x.example/ja'],
    ['but not a character inside', 'https://x.exammple/ja', 'https://x.example/ja', 'https://x.example/ja', 'https://x.example/ja'],
  ])('%s', (_, pivot, first, second, voted) => {
    expect(voteReadings(pivot, first, second)).toBe(voted);
  });
});

describe('what both crop readings have before the pivot stays out, and what they have after it comes in', () => {
  it.each([
    ['a label left of the address', 'nakamura_ryo5910@yahoo.test', 'Tonakamura_ryo5910@yahoo.test', 'Tonakamura_ryo5910@yahoo.test', 'nakamura_ryo5910@yahoo.test'],
    ['a last character the page reading lost', 'https://jp-bank.top/auth?c=tkFEd', 'https://jp-bank.top/auth?c=tkFEd9', 'https://jp-bank.top/auth?c=tkFEd9', 'https://jp-bank.top/auth?c=tkFEd9'],
  ])('%s', (_, pivot, first, second, voted) => {
    expect(voteReadings(pivot, first, second)).toBe(voted);
  });
});

describe('readings of the same text', () => {
  it.each([
    ['appleid51@icloud-', 'appleids1@icloud-', true],
    ['support@mercari-jp.xy', 'Support@mercari-jp.xyz', true],
    ['appleid51@icloud-', 'rekent', false],
    ['info67@docomo-mydocomo.xyz', '@rweowemeeonew', false],
    ['order@mail.rakuten-jp.test', '', false],
  ])('%s and %s: %s', (a, b, same) => {
    expect(sameText(a, b)).toBe(same);
  });
});

describe('a lone mark the first crop reading alone has between two characters', () => {
  it.each([
    ['a hyphen in a host', 'https://www.smbc-bkhcv.test/', 'https://www.smbc-bk-hcv.test/', 'https://www.smbc-bkhcv.test/', 'https://www.smbc-bk-hcv.test/'],
    ['a dot in a host', 'https://au-kdditj4pyp.top/', 'https://au-kddi.tj4pyp.top/', 'https://au-kdditj4pyp.top/', 'https://au-kddi.tj4pyp.top/'],
    ['a slash in a path', 'https://7uyxbh.test/portaltrack?u=YN', 'https://7uyxbh.test/portal/track?u=YN', 'https://7uyxbh.test/portaltrack?u=YN', 'https://7uyxbh.test/portal/track?u=YN'],
    ['but not a letter', 'https://7uyxbh.test/portal', 'https://7uyxbhh.test/portal', 'https://7uyxbh.test/portal', 'https://7uyxbh.test/portal'],
    ['nor a mark only the second reading has', 'https://au-kdditj4pyp.top/', 'https://au-kdditj4pyp.top/', 'https://au-kddi.tj4pyp.top/', 'https://au-kdditj4pyp.top/'],
  ])('%s', (_, pivot, first, second, voted) => {
    expect(voteReadings(pivot, first, second)).toBe(voted);
  });
});
