/**
 * Runs `pass` in the background: on every kick and, once started, every `intervalMs`. Never two
 * passes at once; a kick that arrives during a pass runs one more pass after it. A pass handles
 * its own errors. `close` stops new passes and waits for the one in hand.
 */
export class BackgroundLoop {
  private running: Promise<void> | null = null;
  private wanted = false;
  private isClosed = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly intervalMs: number,
  ) {}

  get closed(): boolean {
    return this.isClosed;
  }

  get started(): boolean {
    return this.timer !== null;
  }

  start(): void {
    if (this.isClosed || this.timer) return;
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Asks for a pass; never waits for it. */
  kick(): void {
    if (this.isClosed) return;
    this.wanted = true;
    this.running ??= this.runPasses().finally(() => {
      this.running = null;
      if (this.wanted) this.kick();
    });
  }

  /** Runs a pass now and resolves once no pass is running or wanted. */
  async drain(): Promise<void> {
    this.kick();
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.isClosed = true;
    this.wanted = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.running) await this.running;
  }

  private async runPasses(): Promise<void> {
    while (this.wanted && !this.isClosed) {
      this.wanted = false;
      await this.pass();
    }
  }
}
