/**
 * Entry point: hands the arguments to the CLI. The composition root lives in `src/runtime.ts`, so
 * nothing imports this file and the CLI can load without an import cycle.
 *
 * @module
 */
import { runCli } from "./cli/main.ts";

if (import.meta.main) {
  Deno.exit(await runCli(Deno.args));
}
