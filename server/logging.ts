import type { LoggerOptions } from 'pino';

/** Pino options for a server process: readable lines (pino-pretty) on a terminal, one JSON object a line otherwise. */
export function processLoggerOptions(level: string, stdoutIsTerminal: boolean): LoggerOptions {
  if (!stdoutIsTerminal) return { level };
  return {
    level,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
  };
}

/** The framed notice that shows the generated first-start superadmin password, which is never shown again. */
export function firstStartBanner(account: { email: string; password: string; signInUrl: string }): string {
  const lines = [
    'A superadmin was created on this first start.',
    '',
    `  Sign in at  ${account.signInUrl}`,
    `  E-mail      ${account.email}`,
    `  Password    ${account.password}`,
    '',
    'It is not stored in clear anywhere and will not be shown again:',
    'sign in and change it (Settings → Password) now.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '═'.repeat(width + 4);
  return [`╔${rule}╗`, ...lines.map((line) => `║  ${line.padEnd(width)}  ║`), `╚${rule}╝`].join('\n');
}
