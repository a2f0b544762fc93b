/**
 * `jobseek`: the command-line client and operator tool. Each command lives in `cli/commands/`;
 * this file only assembles them and turns failures into exit codes.
 *
 * A command's file defines its flags and help at load, and loads the code that does the work (the
 * server, the importer, the index, the store, the MCP SDK) only when it runs: every run loads
 * every command's file, and a client run (`search`, `config`, `--help`) need not load the server.
 * `config --help` took 0.29-0.34 CPU-seconds so against 0.34-0.37 (docs/testing.md).
 *
 * @module
 */
import { Command, CommanderError } from "@commander-js/extra-typings";
import { CANCELLED_EXIT_CODE, CancelledError } from "./cancelled.ts";
import { serveCommand } from "./commands/serve.ts";
import { mcpCommand } from "./commands/mcp.ts";
import { ingestCommand } from "./commands/ingest.ts";
import { indexCommand } from "./commands/index_cmd.ts";
import { keysCommand } from "./commands/keys.ts";
import { sourcesCommand } from "./commands/sources.ts";
import { modelCommand } from "./commands/model.ts";
import { searchCommand } from "./commands/search.ts";
import { citiesCommand } from "./commands/cities.ts";
import { configureCommand } from "./commands/configure.ts";
import { configCommand } from "./commands/config.ts";
import { completionsCommand } from "./commands/completions.ts";
import { addHelpFooters } from "./help.ts";

/**
 * `addCommand` does not pass `exitOverride`/`showHelpAfterError` down (only `.command()` does), so
 * without this a usage error in a subcommand would exit 1 from inside commander instead of 2 here.
 */
function applyToAll(command: Command): Command {
  command.exitOverride().showHelpAfterError();
  for (const sub of command.commands) applyToAll(sub as unknown as Command);
  return command;
}

export function buildProgram(): Command {
  const program = new Command("jobseek")
    .description("Semantic job search: client, servers and operator tools.")
    .version("0.1.0")
    .addCommand(searchCommand())
    .addCommand(citiesCommand())
    .addCommand(configureCommand())
    .addCommand(configCommand())
    .addCommand(serveCommand())
    .addCommand(mcpCommand())
    .addCommand(ingestCommand())
    .addCommand(indexCommand())
    .addCommand(keysCommand())
    .addCommand(sourcesCommand())
    .addCommand(modelCommand());
  program.addCommand(completionsCommand(() => program));
  return applyToAll(addHelpFooters(program));
}

/**
 * Runs the CLI and returns the process exit code (0 ok, 1 failure, 2 usage error, 130 cancelled
 * with Ctrl-C).
 */
export async function runCli(args: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(args, { from: "user" });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    Deno.stderr.writeSync(new TextEncoder().encode(`jobseek: ${message}\n`));
    return error instanceof CancelledError ? CANCELLED_EXIT_CODE : 1;
  }
}

if (import.meta.main) {
  Deno.exit(await runCli(Deno.args));
}
