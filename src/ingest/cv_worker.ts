/**
 * Reads one CV in a worker of its own (src/web/cv_reader.ts starts it): a file made to unpack to
 * gigabytes, or to take minutes, costs that worker, which is ended, and not the server.
 *
 * @module
 */
import { CvFileError, cvTextFromBytes } from "./cv_text.ts";

interface CvJob {
  name: string;
  bytes: Uint8Array;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CvJob>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = async (event) => {
  const { name, bytes } = event.data;
  try {
    scope.postMessage({ ok: await cvTextFromBytes(name, bytes) });
  } catch (error) {
    scope.postMessage({
      error: error instanceof Error ? error.message : String(error),
      unreadable: error instanceof CvFileError,
    });
  }
};
