/**
 * `jobseek completions bash|zsh|fish`: prints the completion script for a shell (docs/cli.md has
 * the lines that install it).
 *
 * @module
 */
import { Argument, Command } from "@commander-js/extra-typings";
import { completionScript, SHELLS } from "../completions.ts";
import type { CliIo } from "../io.ts";

/** `program` gives the whole command tree at run time, so the script covers every command. */
export function completionsCommand(io: CliIo, program: () => Command) {
  return new Command("completions")
    .description("Print the shell completion script for bash, zsh or fish.")
    .addArgument(new Argument("<shell>", "bash, zsh or fish").choices(SHELLS))
    .action(async (shell) => {
      await io.stdout.write(completionScript(program(), shell));
    });
}
