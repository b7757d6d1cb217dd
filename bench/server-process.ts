import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import type { BareRoute, BenchMessage, ServerMessage } from './bench-protocol';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_SCRIPT = path.join(REPO_ROOT, 'bench', 'bench-server.ts');
const START_TIMEOUT_MS = 60_000;

/** The parent's handle on bench-server.ts running in a child process. */
export class BenchServerProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly appUrl: string,
  ) {}

  static async start(env: Record<string, string>): Promise<BenchServerProcess> {
    const child = fork(SERVER_SCRIPT, [], {
      // BENCH_SERVER_NODE_ARGS profiles the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/kizuki-prof".
      execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [])],
      // The app finds its web build as dist/web under the working folder.
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      const port = await nextPort(child, 'app-listening');
      return new BenchServerProcess(child, `http://127.0.0.1:${port}`);
    } catch (error) {
      child.kill();
      throw error;
    }
  }

  /** The child's process id (the bench samples its memory). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Starts the bare baseline in the same child, answering each route with its captured body. */
  async startBare(routes: BareRoute[]): Promise<string> {
    const listening = nextPort(this.child, 'bare-listening');
    this.child.send({ type: 'start-bare', routes } satisfies BenchMessage);
    return `http://127.0.0.1:${await listening}`;
  }

  /** Closing the channel makes the child close its servers (and database pool) and exit. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    const forceKill = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    if (this.child.connected) this.child.disconnect();
    else this.child.kill();
    await exited;
    clearTimeout(forceKill);
  }
}

function nextPort(child: ChildProcess, expected: 'app-listening' | 'bare-listening'): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`bench server did not report ${expected} in time`)), START_TIMEOUT_MS);
    const onMessage = (message: ServerMessage) => {
      if (message.type === expected) finish(null, message.port);
      else if (message.type === 'failed') finish(new Error(`bench server failed: ${message.message}`));
    };
    const onExit = (code: number | null) => finish(new Error(`bench server exited (code ${code}) before ${expected}`));
    function finish(error: Error | null, port?: number) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(port as number);
    }
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}
