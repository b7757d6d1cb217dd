/** Small pieces every bench script needs: the way out (cleanups, also after Ctrl-C) and the CSRF pair for writes. */

type Cleanup = () => Promise<void>;

/**
 * Runs a bench's main and then undoes what it registered, in reverse order, also after Ctrl-C or SIGTERM,
 * so no schema, child process or temp folder is left behind.
 */
export async function runBench(main: (cleanups: Cleanup[]) => Promise<void>): Promise<void> {
  const cleanups: Cleanup[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
  };
  process.once('SIGINT', () => {
    void cleanUp().then(() => process.exit(130));
  });
  // `timeout` and CI stop a run with SIGTERM; the schema and temp folder go too.
  process.once('SIGTERM', () => {
    void cleanUp().then(() => process.exit(143));
  });
  try {
    await main(cleanups);
  } finally {
    await cleanUp();
  }
}

/** The cookie and header a browser sends with an API write (double-submit CSRF). */
export async function csrfPair(appUrl: string): Promise<{ cookie: string; token: string }> {
  const response = await fetch(`${appUrl}/sanctum/csrf-cookie`);
  const cookies = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
  const token = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  return { cookie: cookies.join('; '), token: decodeURIComponent(token) };
}
