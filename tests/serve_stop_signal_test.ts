/**
 * `jobseek serve` and a stop signal that comes while it starts: its port is announced (an
 * orchestrator or a test may signal from then on), so the signal must close the server and end
 * the run with 0, not kill the process by the signal's default action (exit 143). Seen in a
 * clean-clone CI run on a loaded machine: SIGTERM 300 ms after `listening` got 143, because the
 * listener was added only once the start had returned.
 *
 * @module
 */
import { strict as assert } from "node:assert";
import type { CliIo } from "../cli/io.ts";
import { captureIo, TEST_PROCESS_ENV } from "./cli_process.ts";

Deno.test("jobseek serve: a stop signal right as it announces its port closes it, exit 0", async () => {
  const dir = await Deno.makeTempDir({ prefix: "jobseek_serve_signal_" });
  try {
    const captured = captureIo({
      env: {
        ...Deno.env.toObject(),
        ...TEST_PROCESS_ENV,
        NO_COLOR: "1",
        JOBSEEK_KV: `${dir}/kv.sqlite3`,
        PORT: "0",
        HOSTNAME: "127.0.0.1",
        JOBSEEK_SEED: "0",
        JOBSEEK_BOOTSTRAP_KEY: "0",
      },
      cwd: Deno.cwd(),
    });
    const listeners = new Set<() => void>();
    let listenersAtListening = -1;
    const stderr = captured.io.stderr;
    const io: CliIo = {
      ...captured.io,
      onStopSignal(handler) {
        listeners.add(handler);
        // Added only after the announcement (the fault this test is for): the signal, already
        // sent, is delivered now, so the run still ends and the assertion below names the fault.
        if (listenersAtListening === 0) handler();
        return () => listeners.delete(handler);
      },
      stderr: {
        ...stderr,
        writeSync(text) {
          stderr.writeSync(text);
          // The signal arrives as the port is announced, before the start has returned.
          if (listenersAtListening < 0 && text.includes('"msg":"listening"')) {
            listenersAtListening = listeners.size;
            for (const signal of [...listeners]) signal();
          }
        },
      },
    };
    const { runCli } = await import("../cli/main.ts");
    const code = await runCli(["serve"], io);
    const lines = captured.stderr().split("\n").filter(Boolean).map((line) => JSON.parse(line));
    assert.equal(listenersAtListening, 1, "a stop listener is in place when the port is announced");
    assert.equal(code, 0);
    const messages = lines.map((line) => line.msg);
    assert.ok(
      messages.indexOf("shutting down") > messages.indexOf("listening"),
      messages.join(" | "),
    );
    assert.equal(listeners.size, 0, "the listener is removed once the run ends");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
