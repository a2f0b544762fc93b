/**
 * Worker thread of {@linkcode PositionTextPool}: builds the text of each slice of postings it is
 * sent and answers with it, its typed arrays transferred, not copied.
 *
 * @module
 */
import type { IndexedText } from "./orama_db.ts";
import { buildPositionText } from "./position_text.ts";
import type { PositionText } from "./term_dictionary.ts";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ texts: IndexedText[] }>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};

/** The buffers of a text's typed arrays (each once), to hand over rather than copy. */
function buffersOf(text: PositionText): Transferable[] {
  const buffers = new Set<ArrayBufferLike>();
  for (const terms of Object.values(text.terms)) {
    buffers.add(terms.start.buffer).add(terms.ids.buffer).add(terms.counts.buffer);
  }
  for (const lengths of Object.values(text.lengths)) buffers.add(lengths.buffer);
  return [...buffers] as Transferable[];
}

scope.onmessage = (event) => {
  try {
    const text = buildPositionText(event.data.texts);
    scope.postMessage({ text }, buffersOf(text));
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
