/**
 * Load generator run in a Worker, so that the clients do not share the server's thread: `n`
 * concurrent clients request the given paths round-robin for a fixed time and report every
 * latency.
 *
 * @module
 */

export interface LoadRequest {
  baseUrl: string;
  paths: string[];
  headers: Record<string, string>;
  concurrency: number;
  durationMs: number;
}

export interface LoadReport {
  /** Latency of each successful request, ms. */
  latencies: number[];
  errors: number;
  /** Status codes other than 200 that were seen, with counts. */
  statuses: Record<string, number>;
  elapsedMs: number;
}

async function runLoad(request: LoadRequest): Promise<LoadReport> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + request.durationMs;
  const client = async () => {
    while (performance.now() < deadline) {
      const path = request.paths[next++ % request.paths.length];
      const t0 = performance.now();
      try {
        const response = await fetch(request.baseUrl + path, { headers: request.headers });
        await response.arrayBuffer();
        if (response.status === 200) latencies.push(performance.now() - t0);
        else {
          errors++;
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        }
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: request.concurrency }, client));
  return { latencies, errors, statuses, elapsedMs: performance.now() - started };
}

// deno-lint-ignore no-explicit-any
const scope = self as any;
scope.onmessage = async (event: MessageEvent<LoadRequest>) => {
  scope.postMessage(await runLoad(event.data));
};
