import type { BareRoute } from './bench-protocol';
import type { LoadSettings, LoadTarget } from './load-test';

/** One endpoint measured on the app and, with the very same answer body, on the bare server. */
export const SCENARIO_KEYS = ['list-first', 'list-middle', 'list-last', 'list-uncached', 'detail', 'search', 'similar', 'submit'] as const;
export type ScenarioKey = (typeof SCENARIO_KEYS)[number];

export interface Scenario {
  key: ScenarioKey;
  name: string;
  app: LoadTarget;
  /** The constant answer the bare server gives: the app's own body, captured beforehand. */
  bareRoute: BareRoute;
  settings: LoadSettings;
}

export interface ScenarioPlan {
  totalReports: number;
  middleOffset: number;
  listSettings: LoadSettings;
  searchSettings: LoadSettings;
  submitSettings: LoadSettings;
}

/** The same request (method, headers, body) sent to the scenario's route on the bare server. */
export function bareTarget(scenario: Scenario, bareUrl: string): LoadTarget {
  const { pathCycle: _appPaths, ...request } = scenario.app;
  return { ...request, url: `${bareUrl}${scenario.bareRoute.path}` };
}

const LIST_LIMIT = 20;

/** A tiny constant route on the bare server, asked between runs to see that the process is idle. */
export const IDLE_ROUTE: BareRoute = { method: 'GET', path: '/bare/idle', status: 200, body: '{}' };

/**
 * Asks the running app each endpoint once, checks the answer is a real one (a deep page that
 * came back empty would be fast and meaningless), and builds the load targets from it.
 * Submit comes last: it adds rows, and the list runs should see exactly the seeded total.
 */
export async function prepareScenarios(appUrl: string, plan: ScenarioPlan): Promise<Scenario[]> {
  const listPage = async (name: string, key: ScenarioKey, offset: number) => {
    const path = `/api/phishing-reports?limit=${LIST_LIMIT}&offset=${offset}`;
    const captured = await capture(appUrl, { url: `${appUrl}${path}` }, 200);
    const { data } = JSON.parse(captured.body) as { data: { reports: Array<{ report_id: string }>; pagination: { total: number } } };
    if (data.reports.length !== LIST_LIMIT || data.pagination.total !== plan.totalReports) {
      throw new Error(`${path} gave ${data.reports.length} reports of ${data.pagination.total}; expected ${LIST_LIMIT} of ${plan.totalReports}`);
    }
    return { name, path, key, captured, firstReportId: data.reports[0]?.report_id ?? '' };
  };

  const lastOffset = plan.totalReports - LIST_LIMIT;
  const firstPage = await listPage('GET list offset 0', 'list-first', 0);
  const pages = [
    firstPage,
    await listPage(`GET list offset ${plan.middleOffset.toLocaleString('en')} (middle)`, 'list-middle', plan.middleOffset),
    await listPage(`GET list offset ${lastOffset.toLocaleString('en')} (last page)`, 'list-last', lastOffset),
  ];

  const detailPath = `/api/phishing-reports/${firstPage.firstReportId}`;
  const detail = { name: 'GET one report', path: detailPath, key: 'detail' as const, captured: await capture(appUrl, { url: `${appUrl}${detailPath}` }, 200) };

  const submitTarget = await submitRequest(appUrl);
  const submitted = await capture(appUrl, submitTarget, 201);

  const reads: Scenario[] = [...pages, detail].map((page) => ({
    key: page.key,
    name: page.name,
    app: { url: `${appUrl}${page.path}` },
    bareRoute: { method: 'GET', path: `/bare/${page.key}`, ...page.captured },
    settings: plan.listSettings,
  }));
  // Every page of the list in a shuffled order, one per request: far more pages than the app's
  // answer cache holds, so this is the cost of a page nobody has asked for since the last write.
  const everyPage = Array.from({ length: plan.totalReports / LIST_LIMIT }, (_, index) => `/api/phishing-reports?limit=${LIST_LIMIT}&offset=${index * LIST_LIMIT}`);
  for (let index = everyPage.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [everyPage[index], everyPage[other]] = [everyPage[other] as string, everyPage[index] as string];
  }
  reads.splice(pages.length, 0, {
    key: 'list-uncached',
    name: 'GET list, a different page each request (uncached)',
    app: { url: `${appUrl}${firstPage.path}`, pathCycle: everyPage },
    bareRoute: { method: 'GET', path: '/bare/list-uncached', ...firstPage.captured },
    settings: plan.listSettings,
  });
  reads.push(...(await searchScenarios(appUrl, plan)));
  const submit: Scenario = {
    key: 'submit',
    name: 'POST submit (SMS, multipart)',
    app: submitTarget,
    bareRoute: { method: 'POST', path: '/bare/submit', ...submitted },
    settings: plan.submitSettings,
  };
  return [...reads, submit];
}

async function capture(appUrl: string, target: LoadTarget, expectedStatus: number): Promise<{ status: number; body: string }> {
  const response = await fetch(target.url, {
    method: target.method ?? 'GET',
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.body ? { body: new Uint8Array(target.body) } : {}),
  });
  const body = await response.text();
  if (response.status !== expectedStatus) {
    throw new Error(`${target.method ?? 'GET'} ${target.url.slice(appUrl.length)} answered ${response.status}, expected ${expectedStatus}: ${body.slice(0, 300)}`);
  }
  return { status: response.status, body };
}

/**
 * A valid SMS report as a browser would send it: multipart body plus the CSRF pair, obtained
 * the Laravel way (GET /sanctum/csrf-cookie, then echo the XSRF-TOKEN cookie in X-XSRF-TOKEN).
 */
async function submitRequest(appUrl: string): Promise<LoadTarget> {
  const response = await fetch(`${appUrl}/sanctum/csrf-cookie`);
  const cookies = new Map(
    response.headers.getSetCookie().map((line) => {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      return [pair.slice(0, separator), pair.slice(separator + 1)] as const;
    }),
  );
  const browserId = cookies.get('kizuki_browser_id');
  const token = cookies.get('XSRF-TOKEN');
  if (!browserId || !token) throw new Error('GET /sanctum/csrf-cookie did not set the CSRF cookies');

  const form = new FormData();
  form.append('receipt_method', 'sms');
  form.append('source_info', '090-1234-5678');
  form.append('body', '【佐川急便】お荷物をお届けにあがりましたが、ご不在のため持ち帰りました。下記URLより再配達のお手続きをお願いします。https://sagawa-redelivery.example/track');
  form.append('delete_password', '1234');
  const encoded = new Response(form);
  return {
    url: `${appUrl}/api/phishing-reports`,
    method: 'POST',
    headers: {
      'content-type': encoded.headers.get('content-type') ?? '',
      cookie: `kizuki_browser_id=${browserId}; XSRF-TOKEN=${token}`,
      'x-xsrf-token': decodeURIComponent(token),
    },
    body: Buffer.from(await encoded.arrayBuffer()),
  };
}

/** Words a visitor types: brands, senders' hosts, phrases, two-character words, several words. */
const SEARCH_WORDS = ['楽天カード', 'Amazon', 'ヤマト運輸', '佐川急便', '国税庁', 'メルカリ', '再配達', '還付金', '不正利用', 'アカウント 停止', 'Apple 確認', '楽天', '郵便', '還付', 'au'];
const SEARCH_HOSTS = ['amaz0n-account', 'rakuten-card-info', 'sagawa-exp', 'japanpost-redelivery', 'docomo-billing', 'nta-tax-refund', 'mercari-login'];

/**
 * Search and similar reports, each request a different question (more than the answer cache
 * holds, so these are the uncached costs): sender numbers and hosts taken from the seeded reports,
 * brand words, short words and several words; `similar_to` of many reports.
 */
async function searchScenarios(appUrl: string, plan: ScenarioPlan): Promise<Scenario[]> {
  const seen: Array<{ report_id: string; phone_number: string | null; body: string }> = [];
  for (const offset of [0, 20_000, 40_000, 60_000, 80_000]) {
    const response = await fetch(`${appUrl}/api/phishing-reports?limit=100&offset=${offset}`);
    seen.push(...((await response.json()) as { data: { reports: typeof seen } }).data.reports);
  }
  const queries: string[] = [];
  for (const [index, report] of seen.entries()) {
    if (report.phone_number) queries.push(report.phone_number);
    const host = /hxxps:\/\/([^/\s]+)/.exec(report.body)?.[1]?.replace(/\[\.\]/g, '.');
    if (host) queries.push(host);
    queries.push(SEARCH_WORDS[index % SEARCH_WORDS.length] as string);
    queries.push(`${SEARCH_HOSTS[index % SEARCH_HOSTS.length]}-${index % 1000}`);
  }
  const methods = ['', '&receipt_method=sms', '&receipt_method=email'];
  const searchPaths = queries.map((query, index) => `/api/phishing-reports?limit=${LIST_LIMIT}&q=${encodeURIComponent(query)}${methods[index % 3]}`);
  const similarPaths = seen.map((report) => `/api/phishing-reports?limit=${LIST_LIMIT}&similar_to=${report.report_id}`);

  const scenario = async (key: ScenarioKey, name: string, paths: string[]): Promise<Scenario> => {
    const first = paths[0] as string;
    const captured = await capture(appUrl, { url: `${appUrl}${first}` }, 200);
    return {
      key,
      name,
      app: { url: `${appUrl}${first}`, pathCycle: paths },
      bareRoute: { method: 'GET', path: `/bare/${key}`, ...captured },
      settings: plan.searchSettings,
    };
  };
  return [
    await scenario('search', `GET list ?q=, a different search each request (${searchPaths.length.toLocaleString('en')} searches)`, searchPaths),
    await scenario('similar', `GET list ?similar_to=, a different report each request (${similarPaths.length} reports)`, similarPaths),
  ];
}
