import { expect, test } from 'vitest';
import {
  ALL_ORGANISATIONS_LABEL,
  formatLogTime,
  httpStatusClass,
  isOkWebhookStatus,
  logTime,
  webhookStatusClass,
} from '../../../src/lib/system-logs.ts';

test('webhook statuses accepted, success and ok are green in any letter case; anything else is amber', () => {
  for (const status of ['accepted', 'ACCEPTED', 'Accepted', 'success', 'Success', 'SUCCESS', 'ok', 'OK', 'Ok', ' ok ']) {
    expect(isOkWebhookStatus(status), status).toBe(true);
    expect(webhookStatusClass(status), status).toBe('badge badge--success');
  }
  for (const status of ['rejected', 'duplicate', 'ignored', 'failed', 'okay', 'successful', 'accept', '', null, undefined]) {
    expect(isOkWebhookStatus(status), String(status)).toBe(false);
    expect(webhookStatusClass(status), String(status)).toBe('badge badge--warning');
  }
});

test('API log status codes: 2xx and 3xx green, 4xx amber, 5xx red', () => {
  expect(httpStatusClass(200)).toBe('badge badge--success');
  expect(httpStatusClass(304)).toBe('badge badge--success');
  expect(httpStatusClass(404)).toBe('badge badge--warning');
  expect(httpStatusClass(500)).toBe('badge badge--danger');
  expect(httpStatusClass(0)).toBe('badge badge--danger');
});

test('a webhook log time is its timestamp, else its createdAt', () => {
  expect(logTime({ timestamp: '2026-01-02T03:04:05.000Z', createdAt: '2020-01-01T00:00:00.000Z' })).toBe('2026-01-02T03:04:05.000Z');
  expect(logTime({ createdAt: '2020-01-01T00:00:00.000Z' })).toBe('2020-01-01T00:00:00.000Z');
  expect(logTime({ timestamp: null, createdAt: null })).toBe('');
});

test('log times show to the second; unreadable ones as they came', () => {
  const shown = formatLogTime('2026-11-22T10:01:05.000Z', 'en-GB');
  expect(shown).toMatch(/2026/);
  expect(shown).toMatch(/\d{2}:\d{2}:\d{2}/);
  expect(formatLogTime('yesterday')).toBe('yesterday');
  expect(formatLogTime('')).toBe('');
});

test('the filter label is the spec text', () => {
  expect(ALL_ORGANISATIONS_LABEL).toBe('All (unfiltered)');
});
