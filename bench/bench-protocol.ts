/** Messages between the bench (parent) and bench-server.ts (child) over the IPC channel. */

/** A constant answer the bare server gives: the exact body an app endpoint returned. */
export interface BareRoute {
  method: 'GET' | 'POST';
  path: string;
  status: number;
  body: string;
  /** Default: JSON. */
  contentType?: string;
  /** Extra answer headers the app sends too (cache-control, location, …). */
  headers?: Record<string, string>;
  /** `body` is base64 of binary bytes (the open pixel). */
  base64?: boolean;
}

export type ServerMessage =
  | { type: 'app-listening'; port: number }
  | { type: 'bare-listening'; port: number }
  | { type: 'failed'; message: string };

export type BenchMessage = { type: 'start-bare'; routes: BareRoute[] };

/** Tells the bench server which PostgreSQL schema the bench created (DATABASE_URL cannot say it). */
export const BENCH_SCHEMA_ENV = 'BENCH_PG_SCHEMA';
