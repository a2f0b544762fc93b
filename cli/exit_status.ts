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
