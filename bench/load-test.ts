import autocannon from 'autocannon';

export interface LoadTarget {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer;
  /** Paths asked in turn, one per request, instead of the url's own path (defeats any answer cache). */
  pathCycle?: string[];
}

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  /** Run first and thrown away: JIT, database caches and connection pools settle in it. */
  warmupSeconds: number;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers outside 2xx plus connection errors and timeouts; a run full of these measured nothing. */
  failures: number;
  statusCounts: Record<string, number>;
  /** The thrown-away warm-up's answers (a bench that counts rows written needs them too). */
  warmupStatusCounts: Record<string, number>;
}

/** One autocannon measurement of one target after a warm-up. */
export async function measureLoad(target: LoadTarget, settings: LoadSettings): Promise<LoadFigures> {
  const warmup = await fire(target, settings.connections, settings.warmupSeconds);
  const result = await fire(target, settings.connections, settings.durationSeconds);
  const statusCounts = countsOf(result);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors,
    statusCounts,
    warmupStatusCounts: countsOf(warmup),
  };
}

function countsOf(result: autocannon.Result): Record<string, number> {
  return Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count ?? 0]));
}

function fire(target: LoadTarget, connections: number, durationSeconds: number): Promise<autocannon.Result> {
  const cycle = target.pathCycle;
  let next = 0;
  return autocannon({
    ...(cycle && cycle.length > 0
      ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: cycle[next++ % cycle.length] }) }] }
      : {}),
    url: target.url,
    method: target.method ?? 'GET',
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.body ? { body: target.body } : {}),
    connections,
    duration: durationSeconds,
  });
}

/**
 * Waits until `url` (a constant route in the server process) answers quickly several times in
 * a row. A run that drove the app into a queue leaves work behind after autocannon stops; without
 * this the next run would measure that backlog instead of its own endpoint.
 */
export async function waitUntilIdle(url: string, { fastMs = 5, inARow = 5, timeoutMs = 60_000 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let fast = 0;
  while (fast < inARow) {
    if (Date.now() > deadline) throw new Error(`the bench server did not become idle within ${timeoutMs / 1000} s`);
    const started = performance.now();
    await (await fetch(url)).arrayBuffer();
    fast = performance.now() - started < fastMs ? fast + 1 : 0;
    if (fast === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
