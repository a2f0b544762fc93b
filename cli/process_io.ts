/**
 * The process's own I/O for `runCli`: its environment, working directory, stdin, stdout, stderr
 * and stop signals. The process entries (`cli/main.ts`, `main.ts`) pass it; no command reads the
 * process's I/O otherwise (tests/architecture_test.ts holds `cli/` to that).
 *
 * @module
 */
import type { CliIo, CliOutput } from "./io.ts";
import { StdoutClosed } from "./exit_status.ts";

const encoder = new TextEncoder();

/**
 * A write's error: stdout's broken pipe as {@linkcode StdoutClosed}, which ends the run silently;
 * stderr's dropped, so that a run whose stderr no one reads ends as it would (a usage error still
 * exits 2: reviewer C58b); any other as it is.
 */
function closedAs(error: unknown, isStdout: boolean): unknown {
  if (!(error instanceof Deno.errors.BrokenPipe)) return error;
  return isStdout ? new StdoutClosed() : null;
}

function output(stream: typeof Deno.stdout | typeof Deno.stderr): CliOutput {
  const isStdout = stream === Deno.stdout;
  return {
    // A pipe may accept fewer bytes than asked per write, so both loop until everything is out.
    async write(text) {
      let bytes = encoder.encode(text);
      try {
        while (bytes.length > 0) bytes = bytes.subarray(await stream.write(bytes));
      } catch (error) {
        const thrown = closedAs(error, isStdout);
        if (thrown !== null) throw thrown;
      }
    },
    writeSync(text) {
      let bytes = encoder.encode(text);
      try {
        while (bytes.length > 0) bytes = bytes.subarray(stream.writeSync(bytes));
      } catch (error) {
        const thrown = closedAs(error, isStdout);
        if (thrown !== null) throw thrown;
      }
    },
    isTerminal: () => stream.isTerminal(),
    columns() {
      if (!stream.isTerminal()) return undefined;
      try {
        return Deno.consoleSize().columns;
      } catch {
        // A terminal that reports no size.
        return undefined;
      }
    },
  };
}

const STOP_SIGNALS: Deno.Signal[] = ["SIGINT", "SIGTERM"];

/** The checkout this CLI is part of, where `deno task jobseek` runs it. */
const CHECKOUT = decodeURIComponent(new URL("../", import.meta.url).pathname).replace(/\/$/, "");

/**
 * The folder the person ran the command in. `deno task` runs in the checkout and names the
 * person's folder in `INIT_CWD` (reviewer M52: `--cv cli.md` run in docs/ looked for the file in
 * the checkout); a process started elsewhere that inherited `INIT_CWD` (a test's child, a script's)
 * runs where it was started.
 */
function personsFolder(): string {
  const here = Deno.cwd();
  const init = Deno.env.get("INIT_CWD");
  return init && here === CHECKOUT ? init : here;
}

/** The running process's I/O. */
export function processIo(): CliIo {
  return {
    env: Deno.env.toObject(),
    cwd: personsFolder(),
    projectDir: Deno.cwd(),
    stdin: {
      // Made on first read: a command that reads no stdin leaves it alone.
      get readable() {
        return Deno.stdin.readable;
      },
      isTerminal: () => Deno.stdin.isTerminal(),
    },
    stdout: output(Deno.stdout),
    stderr: output(Deno.stderr),
    onStopSignal(handler) {
      for (const signal of STOP_SIGNALS) Deno.addSignalListener(signal, handler);
      return () => {
        for (const signal of STOP_SIGNALS) Deno.removeSignalListener(signal, handler);
      };
    },
  };
}
