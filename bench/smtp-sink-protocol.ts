/** Messages between the dispatch bench (parent) and bench/smtp-sink.ts (child). */

export type SinkCommand =
  /** Start counting afresh; report `all-arrived` once `count` distinct addresses were accepted. */
  | { type: 'expect'; count: number }
  | { type: 'tally'; withAddresses: boolean };

export type SinkMessage =
  | { type: 'listening'; port: number }
  | { type: 'expecting' }
  /** Epoch milliseconds of the first acceptance and of the one that completed the expected addresses. */
  | { type: 'all-arrived'; first: number; last: number }
  /** `duplicates`: acceptances beyond the first for an address. */
  | { type: 'tally'; accepted: number; distinct: number; duplicates: number; addresses: string[] };
