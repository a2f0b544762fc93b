/**
 * Entry point: hands the arguments and the process's I/O to the CLI, and exits with its code. The
 * composition root lives in `src/runtime.ts`, so nothing imports this file and the CLI can load
 * without an import cycle.
 *
 * @module
 */
import { runCli } from "./cli/main.ts";
import { processIo } from "./cli/process_io.ts";

if (import.meta.main) {
  Deno.exit(await runCli(Deno.args, processIo()));
}
