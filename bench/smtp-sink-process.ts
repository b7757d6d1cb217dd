import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import type { SinkCommand, SinkMessage } from './smtp-sink-protocol';

const SINK_SCRIPT = path.join(import.meta.dirname, 'smtp-sink.ts');

export interface SinkTally {
  accepted: number;
  distinct: number;
  duplicates: number;
  addresses: string[];
}

/** The parent's handle on bench/smtp-sink.ts. */
export class SmtpSinkProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {}

  static async start(): Promise<SmtpSinkProcess> {
    const child = fork(SINK_SCRIPT, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const listening = await next(child, 'listening', 30_000);
    return new SmtpSinkProcess(child, `smtp://127.0.0.1:${listening.port}`);
  }

  /** Resets the counts; `arrived` settles with the moments (epoch ms) the first message and the last of `count` addresses arrived. */
  async expect(count: number, timeoutMs: number): Promise<{ arrived: Promise<{ first: number; last: number }> }> {
    const ready = next(this.child, 'expecting', 10_000);
    this.send({ type: 'expect', count });
    await ready;
    const arrived = next(this.child, 'all-arrived', timeoutMs).then(({ first, last }) => ({ first, last }));
    // Awaited by the caller; this only keeps a run that failed before awaiting it from crashing on the timeout.
    arrived.catch(() => {});
    return { arrived };
  }

  async tally(withAddresses = false): Promise<SinkTally> {
    const answer = next(this.child, 'tally', 10_000);
    this.send({ type: 'tally', withAddresses });
    const { accepted, distinct, duplicates, addresses } = await answer;
    return { accepted, distinct, duplicates, addresses };
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    if (this.child.connected) this.child.disconnect();
    else this.child.kill();
    await exited;
  }

  private send(command: SinkCommand): void {
    this.child.send(command);
  }
}

function next<T extends SinkMessage['type']>(child: ChildProcess, type: T, timeoutMs: number): Promise<Extract<SinkMessage, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`the SMTP sink did not report ${type} within ${timeoutMs / 1000} s`)), timeoutMs);
    const onMessage = (message: SinkMessage) => {
      if (message.type === type) finish(null, message as Extract<SinkMessage, { type: T }>);
    };
    const onExit = (code: number | null) => finish(new Error(`the SMTP sink exited (code ${code}) before ${type}`));
    function finish(error: Error | null, message?: Extract<SinkMessage, { type: T }>) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(message!);
    }
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}
