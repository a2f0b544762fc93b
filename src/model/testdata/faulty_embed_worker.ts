/**
 * The real embedding worker (src/model/use_lite_worker.ts) made to fail, for tests of a pool whose
 * worker fails mid-call: it serves `after` slices, then, per `mode` in its URL's query,
 * `throw`s from its message handler (an uncaught error: the worker dies) or answers `reply` with
 * an error, as the real worker does when the model fails.
 *
 * @module
 */
import "../use_lite_worker.ts";

const params = new URL(import.meta.url).searchParams;
const after = Number(params.get("after") ?? "1");
const mode = params.get("mode") ?? "throw";

interface Scope {
  onmessage: ((event: MessageEvent<{ id: number }>) => unknown) | null;
  postMessage(message: unknown): void;
}
const scope: Scope = self as unknown as Scope;
const real = scope.onmessage!;
let served = 0;
scope.onmessage = (event) => {
  if (served++ < after) return real(event);
  if (mode === "reply") return scope.postMessage({ id: event.data.id, error: "model exploded" });
  throw new Error(`embedding worker died after ${after} slices`);
};
