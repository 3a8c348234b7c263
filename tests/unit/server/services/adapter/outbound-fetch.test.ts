import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchAllowedTarget, readBodyUpTo, TargetRefusedError } from '../../../../../server/services/adapter/outbound-fetch.ts';
import type { ResolveAll, TargetPolicy } from '../../../../../server/services/adapter/target-guard.ts';

// A real local server stands in for the private service an attacker would aim at; it counts what reaches it.
let server: Server;
let port: number;
let received = 0;
let lastHeaders: Record<string, string | string[] | undefined> = {};

beforeAll(async () => {
  server = createServer((request, response) => {
    received += 1;
    lastHeaders = request.headers;
    request.resume();
    if (request.url === '/empty') response.writeHead(204).end();
    else response.writeHead(201, { 'x-seen': 'yes', 'set-cookie': ['a=1', 'b=2'] }).end(`seen ${request.method}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A resolver that answers from a list, one answer per call (the last one repeats), and counts its calls. */
function answers(...sequence: string[][]): ResolveAll & { calls: number } {
  const resolve = Object.assign(
    async (): Promise<LookupAddress[]> => {
      const addresses = sequence[Math.min(resolve.calls, sequence.length - 1)] ?? [];
      resolve.calls += 1;
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
    { calls: 0 },
  );
  return resolve;
}

const publicOnly = (resolveAll: ResolveAll): TargetPolicy => ({ allowPrivate: false, trustedOrigins: [], resolveAll });
const post = (signal = AbortSignal.timeout(2000)) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: '{}',
  signal,
});

describe('fetchAllowedTarget', () => {
  it('refuses a name that resolves to a private address, checked by the connection itself: nothing is sent', async () => {
    const before = received;
    const resolveAll = answers(['127.0.0.1']);
    await expect(fetchAllowedTarget(`http://psp.example.test:${port}/pay`, post(), publicOnly(resolveAll))).rejects.toThrow(
      new TargetRefusedError('psp.example.test resolves to a private address; outbound calls go only to public addresses.'),
    );
    expect(resolveAll.calls).toBe(1);
    expect(received).toBe(before);
  });

  it('refuses a name with any private address among public ones', async () => {
    const before = received;
    const resolveAll = answers(['8.8.8.8', '10.0.0.8']);
    await expect(fetchAllowedTarget(`http://hooks.example.test:${port}/`, post(), publicOnly(resolveAll))).rejects.toBeInstanceOf(
      TargetRefusedError,
    );
    expect(received).toBe(before);
  });

  it('connects to the address it checked: a name answering public, then private (DNS rebinding) never reaches the private one', async () => {
    const before = received;
    const resolveAll = answers(['100.63.255.254'], ['127.0.0.1']);
    // 100.63.255.254 (just below the shared range) is public but unreachable here: the call fails or times out instead
    // of reaching loopback.
    await expect(
      fetchAllowedTarget(`http://rebind.example.test:${port}/`, post(AbortSignal.timeout(500)), publicOnly(resolveAll)),
    ).rejects.toThrow();
    expect(resolveAll.calls).toBe(1);
    expect(received).toBe(before);
  });

  it.each([['192.0.2.10'], ['198.51.100.10'], ['203.0.113.7'], ['::ffff:0:7f00:1'], ['::ffff:0:127.0.0.1']])(
    'refuses a name that resolves to %s (documentation, or loopback in IPv4-translated form)',
    async (address) => {
      const before = received;
      const resolveAll = answers([address]);
      await expect(fetchAllowedTarget(`http://docs.example.test:${port}/`, post(), publicOnly(resolveAll))).rejects.toBeInstanceOf(
        TargetRefusedError,
      );
      expect(received).toBe(before);
    },
  );

  it('refuses private literal addresses and localhost without resolving them', async () => {
    const resolveAll = answers(['8.8.8.8']);
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://[::1]:${port}/`,
      `http://localhost:${port}/`,
      'http://169.254.169.254/latest',
    ]) {
      await expect(fetchAllowedTarget(url, post(), publicOnly(resolveAll))).rejects.toBeInstanceOf(TargetRefusedError);
    }
    await expect(fetchAllowedTarget('ftp://files.example.test/', post(), publicOnly(resolveAll))).rejects.toThrow(
      /must be an http\(s\) URL/,
    );
    expect(resolveAll.calls).toBe(0);
  });

  it('answers as fetch does where private targets are allowed or the origin is trusted', async () => {
    const allowed = await fetchAllowedTarget(`http://127.0.0.1:${port}/pay`, post(), { allowPrivate: true, trustedOrigins: [] });
    expect(allowed.status).toBe(201);
    expect(allowed.headers.get('x-seen')).toBe('yes');
    expect(allowed.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await allowed.text()).toBe('seen POST');
    expect(lastHeaders).toMatchObject({
      'user-agent': 'Payrail/1.0',
      accept: '*/*',
      'content-type': 'application/json',
      'content-length': '2',
    });

    const origin = `http://127.0.0.1:${port}`;
    const trusted = await fetchAllowedTarget(
      `${origin}/empty`,
      { method: 'GET', headers: { 'User-Agent': 'Caller/2' }, signal: AbortSignal.timeout(2000) },
      {
        allowPrivate: false,
        trustedOrigins: [origin],
      },
    );
    expect(trusted.status).toBe(204);
    expect(trusted.body).toBeNull();
    expect(lastHeaders['user-agent']).toBe('Caller/2');
  });

  it('gives up when the signal aborts', async () => {
    const slow = createServer(() => undefined);
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`;
      const failure: unknown = await fetchAllowedTarget(url, post(AbortSignal.timeout(100)), {
        allowPrivate: true,
        trustedOrigins: [],
      }).then(
        () => undefined,
        (error: unknown) => error,
      );
      // The callers tell a timeout by this name.
      expect((failure as Error | undefined)?.name).toMatch(/^(AbortError|TimeoutError)$/);
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });

  it('sends once more on a new connection when a kept-alive one is closed as it is reused', async () => {
    // The server answers the first request of each connection and drops the connection on any later one, as a server
    // closing an idle connection just as the next request arrives does.
    const requestsOn = new WeakMap<object, number>();
    let seen = 0;
    const closing = createServer((request, response) => {
      seen += 1;
      const count = (requestsOn.get(request.socket) ?? 0) + 1;
      requestsOn.set(request.socket, count);
      if (count > 1) request.socket.destroy();
      else response.end('ok');
    });
    await new Promise<void>((resolve) => closing.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(closing.address() as AddressInfo).port}/`;
      const open = { allowPrivate: true, trustedOrigins: [] };
      expect(await (await fetchAllowedTarget(url, post(), open)).text()).toBe('ok');
      const again = await fetchAllowedTarget(url, post(), open);
      expect(again.status).toBe(200);
      expect(await again.text()).toBe('ok');
      expect(seen).toBe(3);
    } finally {
      closing.closeAllConnections();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    }
  });
});

describe('readBodyUpTo', () => {
  /** A response whose body comes in `chunks` chunks of `size` bytes ('a', 'b', …), counting the chunks pulled. */
  function chunked(chunks: number, size: number) {
    const seen = { pulled: 0, cancelled: false };
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (seen.pulled === chunks) return controller.close();
        controller.enqueue(new TextEncoder().encode(String.fromCharCode(97 + seen.pulled).repeat(size)));
        seen.pulled += 1;
      },
      cancel() {
        seen.cancelled = true;
      },
    });
    return { response: new Response(body), seen };
  }

  it('reads a body up to the limit whole, the limit included', async () => {
    const { response, seen } = chunked(2, 4);
    expect(await readBodyUpTo(response, 8)).toEqual({ text: 'aaaabbbb', complete: true });
    expect(seen.cancelled).toBe(false);
    expect(await readBodyUpTo(new Response(null, { status: 204 }), 8)).toEqual({ text: '', complete: true });
  });

  it('stops a longer body past the limit: its first bytes, not complete, the rest never read', async () => {
    const { response, seen } = chunked(1000, 4);
    expect(await readBodyUpTo(response, 6)).toEqual({ text: 'aaaabb', complete: false });
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThan(5);
  });
});
