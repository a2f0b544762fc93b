/**
 * MCP over stdio for desktop agents: the same tools as `/mcp`, on the local store, without auth
 * (whoever can start the process already owns the data). stdout carries the protocol and nothing
 * else; logs go to stderr.
 *
 * @module
 */
import process from "node:process";
// @ts-types="@modelcontextprotocol/sdk/server/stdio"
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
// @ts-types="@modelcontextprotocol/sdk/types"
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { SearchService } from "../domain/service.ts";
import type { Logger } from "../log.ts";
import { guardRequestParams } from "./request_guard.ts";
import { createMcpServer } from "./server.ts";

export interface ServeStdioDeps {
  service: SearchService;
  logger: Logger;
  /** The store the service reads, as a person finds it again (an absolute path): logged. */
  store: string;
}

/**
 * Sends everything written through `console.log`/`info`/`debug` to stderr, so that a library that
 * prints (TF.js announcing its backend, say) cannot corrupt the protocol on stdout. Call it before
 * loading anything.
 */
export function keepStdoutForProtocol(): void {
  const out = globalThis.console;
  out.log = out.info = out.debug = out.error.bind(out);
}

function isRequest(message: JSONRPCMessage): boolean {
  return "method" in message && "id" in message;
}

function isResponse(message: JSONRPCMessage): boolean {
  return !("method" in message) && "id" in message;
}

/**
 * Serves MCP on stdin/stdout until stdin ends, then answers the requests still running and
 * resolves. So `echo '<requests>' | jobseek mcp` prints every answer before it exits.
 */
export async function serveStdio(deps: ServeStdioDeps): Promise<void> {
  const server = createMcpServer({ service: deps.service, logger: deps.logger });
  const transport = new StdioServerTransport(process.stdin, process.stdout);
  transport.onerror = (error: Error) => {
    deps.logger.warn("mcp stdio message refused", { error: error.message });
  };
  await server.connect(transport);
  guardRequestParams(transport);

  // Count requests in flight by wrapping the handlers the server installed on the transport.
  let pending = 0;
  let drained: (() => void) | null = null;
  const receive = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    if (isRequest(message)) pending++;
    receive?.(message);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message: JSONRPCMessage) => {
    await send(message);
    if (isResponse(message) && --pending === 0) drained?.();
  };

  // The store, because a client that passes no JOBSEEK_KV opens ./data/jobseek.sqlite3 in
  // whatever folder it starts the server from, and nothing else would say which.
  deps.logger.info("mcp stdio server ready", { store: deps.store });
  await new Promise<void>((resolve) => {
    process.stdin.once("end", resolve);
    process.stdin.once("close", resolve);
  });
  if (pending > 0) await new Promise<void>((resolve) => (drained = resolve));
  await server.close();
  deps.logger.info("mcp stdio server stopped: stdin closed");
}
