/**
 * USE-lite's worker pool over the faulty worker (faulty_embed_worker.ts): 2 workers that each
 * embed one slice of 32 texts and fail on their next, by either failure mode, with the error a
 * caller must then see.
 *
 * @module
 */
import { createUseLiteEmbedder, type UseLiteEmbedder } from "../use_lite_embedder.ts";

export const WORKER_FAULTS = [
  ["throw", /^Cannot embed texts: an embedding worker died \(.*died after 1 slices\)$/],
  ["reply", /^Cannot embed texts: model exploded$/],
] as const;

export type WorkerFault = (typeof WORKER_FAULTS)[number][0];

export function faultyPooledEmbedder(mode: WorkerFault): Promise<UseLiteEmbedder> {
  return createUseLiteEmbedder({
    workers: 2,
    workerThreshold: 1,
    workerUrl: new URL(`./faulty_embed_worker.ts?after=1&mode=${mode}`, import.meta.url),
  });
}
