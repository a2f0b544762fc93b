/**
 * A thread that samples this process's resident memory (/proc/self/status `VmRSS`) every few
 * milliseconds into a shared array, per phase: `bench/publish_memory.ts` uses it because the
 * snapshot's encoding holds the main thread for seconds, where a timer on it samples nothing.
 * `Int32Array` layout: [0] the phase's number (set by the main thread), [1] stop when non-zero,
 * [2 + phase] the most KiB seen in that phase. With `timeline`, it also keeps every sample (Unix ms, the phase's number, KiB) and sends them back when it stops: where in a phase the
 * peak falls.
 *
 * @module
 */
const scope = self as unknown as {
  onmessage:
    | ((
      event: MessageEvent<{ shared: SharedArrayBuffer; everyMs: number; timeline?: boolean }>,
    ) => void)
    | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (event) => {
  const cells = new Int32Array(event.data.shared);
  const wait = new Int32Array(new SharedArrayBuffer(4));
  const timeline: number[] = [];
  while (Atomics.load(cells, 1) === 0) {
    let status = "";
    try {
      status = Deno.readTextFileSync("/proc/self/status");
    } catch {
      break;
    }
    const kib = Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? 0);
    const at = 2 + Atomics.load(cells, 0);
    if (kib > Atomics.load(cells, at)) Atomics.store(cells, at, kib);
    if (event.data.timeline) timeline.push(Date.now(), at - 2, kib);
    Atomics.wait(wait, 0, 0, event.data.everyMs);
  }
  scope.postMessage({ timeline });
};
