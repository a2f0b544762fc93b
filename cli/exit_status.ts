/**
 * A command that has printed all it has to say and fails only by its exit status: `sources run`
 * of a feed that could not be pulled reports the error in its line and exits 1.
 *
 * @module
 */

/** Thrown by a command to end the run with `code` and no message (`runCli` prints none). */
export class ExitStatus extends Error {
  constructor(readonly code: number) {
    super(`exit status ${code}`);
    this.name = "ExitStatus";
  }
}

/**
 * The exit status when whoever reads stdout stops reading (`jobseek --help | head -1`): a Unix
 * tool's when SIGPIPE ends it (128 + 13), and as silent; "jobseek: Broken pipe (os error 32)" was
 * printed and the status was 1 (a person's trial, session 57).
 */
export const BROKEN_PIPE_EXIT_CODE = 141;

/**
 * Thrown by a write to stdout whose reader has gone: the one broken pipe that ends a run silently
 * with {@linkcode BROKEN_PIPE_EXIT_CODE}. Another (stderr, a child's pipe) is an error like any
 * (reviewer C58).
 */
export class StdoutClosed extends Error {
  constructor() {
    super("stdout was closed by its reader");
    this.name = "StdoutClosed";
  }
}
