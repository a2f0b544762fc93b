/**
 * `jobseek`: the command-line client and operator tool. Each command lives in `cli/commands/`;
 * this file only assembles them and turns failures into exit codes.
 *
 * `runCli(args, io)` is the one entry: the run's environment, working directory, stdin, stdout,
 * stderr and stop signals come in `io` (cli/io.ts) and every command uses those, never the
 * process's. The process entry (below, and `main.ts`) passes the real ones (cli/process_io.ts)
 * and exits with the code returned; a test passes its own and runs the command in its worker.
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
import { BROKEN_PIPE_EXIT_CODE, ExitStatus, StdoutClosed } from "./exit_status.ts";
import type { CliIo } from "./io.ts";
import { processIo } from "./process_io.ts";
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
import { alertsCommand } from "./commands/alerts.ts";
import { addHelpFooters } from "./help.ts";

/**
 * `addCommand` does not pass `exitOverride`/`showHelpAfterError`/`configureOutput` down (only
 * `.command()` does), so without this a usage error in a subcommand would exit 1 from inside
 * commander instead of 2 here, and its help and errors would go to the process's stdout and
 * stderr instead of the run's.
 */
function applyToAll(command: Command, io: CliIo): Command {
  // After a usage error, the usage line and where the help is, not the whole help: the help of
  // `search` is 100 lines, and it scrolled the one line that said what was wrong off a terminal.
  command.exitOverride().showHelpAfterError(
    `\nUsage: ${commandPath(command)} ${command.usage()}\n` +
      `\`${commandPath(command)} --help\` lists the ${
        command.commands.length > 0 ? "commands" : "options"
      }, with examples.`,
  ).configureOutput({
    writeOut: (text) => io.stdout.writeSync(text),
    writeErr: (text) => io.stderr.writeSync(text),
    getOutHelpWidth: () => io.stdout.columns() ?? 80,
    getErrHelpWidth: () => io.stderr.columns() ?? 80,
    // Commander's help has no colours of its own, and neither has ours.
    getOutHasColors: () => false,
    getErrHasColors: () => false,
  });
  for (const sub of command.commands) applyToAll(sub as unknown as Command, io);
  return command;
}

/** `jobseek alerts add`: the command's name after its parents'. */
function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent as Command | null) names.unshift(c.name());
  return names.join(" ");
}

/** The whole command tree, each command reading and writing through `io`. */
export function buildProgram(io: CliIo): Command {
  const program = new Command("jobseek")
    .description("Semantic job search: client, servers and operator tools.")
    .version("0.1.0")
    .addCommand(searchCommand(io))
    .addCommand(citiesCommand(io))
    .addCommand(configureCommand(io))
    .addCommand(configCommand(io))
    .addCommand(serveCommand(io))
    .addCommand(mcpCommand(io))
    .addCommand(ingestCommand(io))
    .addCommand(indexCommand(io))
    .addCommand(keysCommand(io))
    .addCommand(sourcesCommand(io))
    .addCommand(modelCommand(io))
    .addCommand(alertsCommand(io));
  program.addCommand(completionsCommand(io, () => program));
  return applyToAll(addHelpFooters(program, io.env), io);
}

/**
 * Runs the CLI with `args` on `io` and returns the exit code (0 ok, 1 failure, 2 usage error, 130
 * cancelled with Ctrl-C). It never exits: the process entry does, with this code.
 */
export async function runCli(args: string[], io: CliIo): Promise<number> {
  return await exitCodeOf(io, () => buildProgram(io).parseAsync(args, { from: "user" }));
}

/**
 * Runs `work` (a command's) and returns the exit code {@linkcode runCli} gives for how it ended,
 * writing a failure's message to `io.stderr` as it does.
 */
export async function exitCodeOf(io: CliIo, work: () => Promise<unknown>): Promise<number> {
  try {
    await work();
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof ExitStatus) return error.code;
    if (error instanceof StdoutClosed) return BROKEN_PIPE_EXIT_CODE;
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.writeSync(`jobseek: ${message}\n`);
    return error instanceof CancelledError ? CANCELLED_EXIT_CODE : 1;
  }
}

if (import.meta.main) {
  Deno.exit(await runCli(Deno.args, processIo()));
}
