// The part of autocannon's programmatic API the bench's generator and scripts/dev/cpu-per-request.ts use (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      connections?: number;
      duration?: number;
      amount?: number;
      maxOverallRequests?: number;
      headers?: Record<string, string>;
      body?: string;
      requests?: { setupRequest?: (request: { body?: string; headers?: Record<string, string> }) => unknown }[];
    }
    interface Histogram {
      average: number;
      max: number;
      p50: number;
      p99: number;
    }
    interface Result {
      requests: { total: number; average: number };
      '2xx': number;
      non2xx: number;
      errors: number;
      timeouts: number;
      duration: number;
      latency: Histogram;
      statusCodeStats?: Record<string, { count: number }>;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
