/**
 * Worker thread of {@linkcode Sha256Thread} (src/crypto.ts): hashes the chunks it is sent, in
 * order, and answers the hex digest when told the input has ended.
 *
 * @module
 */
import { createHash } from "node:crypto";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ chunks?: Uint8Array[]; end?: true }>) => void) | null;
  postMessage(message: string): void;
};

const hash = createHash("sha256");

scope.onmessage = (event) => {
  for (const chunk of event.data.chunks ?? []) hash.update(chunk);
  if (event.data.end) scope.postMessage(hash.digest("hex"));
};
