// Lighthouse (mobile preset, simulated throttling: a mid-range phone on slow 4G) on every page of the built console
// and the payer-facing pages, signed in where the page needs it. Debian's Chromium, never a downloaded browser.
// Goal per page (issue 28): Performance ≥ 98 and Largest Contentful Paint ≤ 1.5 s.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { htmlPages } from '../../scripts/lib/bundle-size.ts';
import { freePort } from '../../tests/helpers/net.ts';

export const PERFORMANCE_GOAL = 98;
export const LCP_GOAL_MS = 1500;
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/** localStorage key of the console's bearer token (src/lib/constants.ts). */
const TOKEN_STORAGE_KEY = 'authToken';

export interface LighthousePage {
  /** Path audited, e.g. `/dashboard/payments`. */
  path: string;
  /** Whether the page needs a signed-in console session. */
  signedIn: boolean;
  /** The build's page that the server answers `path` with, when that is another address (a payment's page). */
  builtPage?: string;
}

export interface LighthouseResult {
  path: string;
  /** Performance score, 0–100. */
  performance: number;
  lcpMs: number;
  tbtMs: number;
  /** Unused JavaScript the page downloads (Lighthouse's estimate), bytes. */
  unusedJsBytes: number;
  /** Bytes on the wire for the whole load. */
  transferBytes: number;
  /** Lighthouse's measure of the host's CPU speed: a busy or slow host inflates TBT and LCP under simulation. */
  benchmarkIndex: number;
  meetsGoal: boolean;
}

export interface LighthouseOptions {
  baseUrl: string;
  pages: LighthousePage[];
  /** A console account, for the pages behind sign-in. */
  email: string;
  password: string;
  log?: (message: string) => void;
  /** A directory to write each page's full Lighthouse report to (JSON), for reading what a figure is made of. */
  reportsDir?: string;
}

async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Lighthouse sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Every page of the built console (the root only redirects, so it is left out); those under /dashboard signed in. */
export function consolePages(consoleDir: string): LighthousePage[] {
  return htmlPages(consoleDir)
    .map((file) => `/${path.relative(consoleDir, file)}`.replace(/\/index\.html$/, '').replace(/\.html$/, '') || '/')
    .filter((page) => page !== '/')
    .sort()
    .map((page) => ({ path: page, signedIn: page.startsWith('/dashboard') }));
}

type AdminApi = <T>(method: string, url: string, body?: unknown) => Promise<T>;

/** The API as a signed-in superadmin: JSON in and out, any answer but 2xx an error. */
async function adminApi(baseUrl: string, email: string, password: string): Promise<AdminApi> {
  const token = await signIn(baseUrl, email, password);
  return async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/** `organisationId`, else the first organisation, or one made for the audit when there is none. */
async function auditedOrganisation(api: AdminApi, organisationId?: number): Promise<number> {
  if (organisationId !== undefined) return organisationId;
  const existing = await api<{ items: { id: number }[] }>('GET', '/api/organisations?all=true');
  if (existing.items[0]) return existing.items[0].id;
  const countries = await api<{ items: { name: string }[] }>('GET', '/api/countries?all=true');
  const created = await api<{ id: number }>('POST', '/api/organisations', {
    name: 'Lighthouse Traders',
    email: 'billing@lighthouse.test',
    code: `LH${Date.now() % 100000}`,
    country: countries.items[0]?.name ?? 'Kenya',
    currencies: ['GHS'],
  });
  return created.id;
}

/** The hosted checkout page of an organisation (the payer-facing page that has no build file). */
async function checkoutPath(api: AdminApi, organisation: number): Promise<string> {
  const { url } = await api<{ url: string }>('GET', `/api/organisations/${organisation}/checkout-url`);
  return new URL(url).pathname;
}

/** The build's page that the server answers every /dashboard/payments/{reference} with. */
export const PAYMENT_DETAIL_PAGE = '/dashboard/payments/detail';

/**
 * A real payment's page, as a support person opens it: the organisation's newest payment, or one recorded through its
 * Record URL for the audit when it has none. The build's own address of that page names no payment, so it would audit
 * the 'not found' note rather than a payment.
 */
async function paymentDetailPath(api: AdminApi, organisation: number): Promise<string> {
  const newest = await api<{ items: { reference: string }[] }>('GET', `/api/payments?organisationId=${organisation}`);
  let reference = newest.items[0]?.reference;
  if (!reference) {
    const { url } = await api<{ url: string }>('GET', `/api/organisations/${organisation}/record-url`);
    const { currencies } = await api<{ currencies: string[] }>('GET', `/api/organisations/${organisation}`);
    const currency = currencies[0];
    if (!currency) throw new Error(`organisation ${organisation} has no payments and no currency to record one in`);
    const recorded = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        amount: '125.00',
        currency,
        customerName: 'Ama Mensah',
        customerEmail: 'ama@lighthouse.test',
        description: 'Lighthouse audit',
      }),
    });
    if (!recorded.ok) throw new Error(`recording the audit's payment: ${recorded.status} ${await recorded.text()}`);
    reference = ((await recorded.json()) as { reference: string }).reference;
  }
  return `/dashboard/payments/${reference}`;
}

/**
 * The pages to audit: the console's, with the payment page at a real payment's address, and the hosted checkout; both
 * of `organisationId`, else of the first organisation, or of one made for the audit when there is none (signed in as
 * a superadmin).
 */
export async function auditedPages(consoleDir: string, baseUrl: string, email: string, password: string, organisationId?: number) {
  const api = await adminApi(baseUrl, email, password);
  const organisation = await auditedOrganisation(api, organisationId);
  const payment = await paymentDetailPath(api, organisation);
  const checkout = await checkoutPath(api, organisation);
  return [
    ...consolePages(consoleDir).map((page) =>
      page.path === PAYMENT_DETAIL_PAGE ? { ...page, path: payment, builtPage: page.path } : page,
    ),
    { path: checkout, signedIn: false },
  ];
}

const auditNumber = (audits: Record<string, { numericValue?: number } | undefined>, id: string) =>
  Math.round(audits[id]?.numericValue ?? Number.NaN);

/**
 * Audits each page in turn in one Chromium whose profile holds the console session (Lighthouse keeps the storage:
 * `disableStorageReset`), so signed-in pages load as a returning admin's would, with a cold HTTP cache each time.
 */
export async function runLighthouse(options: LighthouseOptions): Promise<LighthouseResult[]> {
  const log = options.log ?? (() => {});
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'payrail-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
  });
  try {
    const token = await signIn(options.baseUrl, options.email, options.password);
    const results: LighthouseResult[] = [];
    for (const page of options.pages) {
      // Each page starts from the session it needs: signed in for the console, signed out for the public pages.
      const tab = context.pages()[0] ?? (await context.newPage());
      // Keeping the storage keeps the HTTP cache too: empty it, so every page loads as on a first visit.
      const devtools = await context.newCDPSession(tab);
      await devtools.send('Network.clearBrowserCache');
      await devtools.detach();
      await tab.goto(`${options.baseUrl}/robots.txt`);
      await tab.evaluate(([key, value]) => (value ? localStorage.setItem(key, value) : localStorage.removeItem(key)), [
        TOKEN_STORAGE_KEY,
        page.signedIn ? token : '',
      ] as const);
      const runner = await lighthouse(`${options.baseUrl}${page.path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      });
      if (!runner) throw new Error(`Lighthouse returned nothing for ${page.path}`);
      const { lhr } = runner;
      if (options.reportsDir)
        writeFileSync(path.join(options.reportsDir, `${page.path.replaceAll('/', '_') || 'root'}.json`), JSON.stringify(lhr));
      const audits = lhr.audits as Record<string, { numericValue?: number; details?: { overallSavingsBytes?: number } }>;
      const result: LighthouseResult = {
        path: page.path,
        performance: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
        lcpMs: auditNumber(audits, 'largest-contentful-paint'),
        tbtMs: auditNumber(audits, 'total-blocking-time'),
        unusedJsBytes: Math.round(audits['unused-javascript']?.details?.overallSavingsBytes ?? 0),
        transferBytes: auditNumber(audits, 'total-byte-weight'),
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        meetsGoal: false,
      };
      result.meetsGoal = result.performance >= PERFORMANCE_GOAL && result.lcpMs <= LCP_GOAL_MS;
      if (lhr.runtimeError) log(`  ${page.path}: ${lhr.runtimeError.message}`);
      log(formatResult(result));
      results.push(result);
    }
    return results;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** One line of the table: path, score, LCP, TBT, unused JS, bytes transferred. */
export function formatResult(result: LighthouseResult): string {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  return [
    `${result.meetsGoal ? 'ok  ' : 'MISS'} ${result.path.padEnd(46)}`,
    `perf ${String(result.performance).padStart(3)}`,
    `LCP ${(result.lcpMs / 1000).toFixed(2)} s`,
    `TBT ${String(result.tbtMs).padStart(4)} ms`,
    `unused JS ${kib(result.unusedJsBytes).padStart(8)}`,
    `transfer ${kib(result.transferBytes).padStart(8)}`,
    `host index ${result.benchmarkIndex}`,
  ].join('  ');
}
