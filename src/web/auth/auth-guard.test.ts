import { describe, expect, it } from 'vitest';
import { guardDecision } from './auth-guard';

describe('guardDecision (SPEC §2.1)', () => {
  it('resolves the sign-in state once when a token is stored', () => {
    expect(guardDecision('protected', 'unknown', true)).toEqual({ kind: 'resolve' });
    expect(guardDecision('guest', 'unknown', true)).toEqual({ kind: 'resolve' });
  });

  it('sends visitors without a sign-in to the login', () => {
    expect(guardDecision('protected', 'unknown', false)).toEqual({ kind: 'redirect', to: '/corporate/login' });
    expect(guardDecision('protected', 'signed-out', true)).toEqual({ kind: 'redirect', to: '/corporate/login' });
    expect(guardDecision('protected', 'signed-out', false)).toEqual({ kind: 'redirect', to: '/corporate/login' });
  });

  it('renders protected screens for signed-in users', () => {
    expect(guardDecision('protected', 'signed-in', true)).toEqual({ kind: 'render' });
  });

  it('keeps signed-in users off the guest screens', () => {
    expect(guardDecision('guest', 'signed-in', true)).toEqual({ kind: 'redirect', to: '/corporate/dashboard' });
    expect(guardDecision('guest', 'signed-out', false)).toEqual({ kind: 'render' });
    expect(guardDecision('guest', 'unknown', false)).toEqual({ kind: 'render' });
  });

  it('never blocks open links', () => {
    expect(guardDecision('any', 'unknown', true)).toEqual({ kind: 'render' });
    expect(guardDecision('any', 'signed-out', false)).toEqual({ kind: 'render' });
  });
});
