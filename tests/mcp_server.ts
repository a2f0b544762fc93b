/**
 * A real jobseek HTTP app for MCP tests (the shared test server: REST and `/mcp` together), plus
 * helpers to talk to `/mcp` with the SDK's own client (its Streamable HTTP transport, whose fetch
 * reaches the app in-process), with a plain request, and over a raw socket (a foreign `Host` on
 * the wire).
 *
 * @module
 */
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { SearchService } from "../src/domain/service.ts";
import type { Store } from "../src/store/store.ts";
import {
  extendServer,
  startTestServer,
  type TestServer,
  type TestServerOptions,
} from "./test_server.ts";

/** What a JSON-RPC request to `/mcp` needs besides credentials. */
export const MCP_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};

export type McpTestServerOptions = Pick<
  TestServerOptions,
  "env" | "rateLimit" | "tokenVerifier" | "wrapService"
>;

export interface McpTestServer extends TestServer {
  /** POSTs a JSON-RPC body to /mcp with the MCP headers plus `headers` (no key unless given). */
  postMcp(body: unknown, headers?: Record<string, string>): Promise<Response>;
  /**
   * An SDK client, initialized against /mcp (or `endpoint`) with the tester's key (or `headers`).
   * `endpoint` as a path is reached in-process (the SDK's transport with a fetch that calls the
   * app); as a full URL, over the network.
   */
  connectClient(headers?: Record<string, string>, endpoint?: string): Promise<Client>;
}

/** Starts the app on a free port over `store` and `service`, with one API key created. */
export async function startMcpServer(
  store: Store,
  service: SearchService,
  options: McpTestServerOptions = {},
): Promise<McpTestServer> {
  const server = await startTestServer(store, service, { ...options, keyPrefix: "mcp-tester" });
  const clients: Client[] = [];
  return extendServer(server, {
    postMcp(body: unknown, headers: Record<string, string> = {}) {
      return server.fetch("/mcp", {
        method: "POST",
        headers: { ...MCP_HEADERS, ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    },
    async connectClient(
      headers: Record<string, string> = { "x-api-key": server.key },
      endpoint = "/mcp",
    ) {
      const client = new Client({ name: "jobseek-test", version: "1.0.0" });
      // A path stays in-process; a full URL is reached over the network, as a client would.
      const inProcess = !/^https?:/.test(endpoint);
      const transport = new StreamableHTTPClientTransport(
        new URL(endpoint, server.origin),
        inProcess
          ? { requestInit: { headers }, fetch: (input, init) => server.fetch(input, init) }
          : { requestInit: { headers } },
      );
      await client.connect(transport);
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients) await client.close();
      await server.close();
    },
  });
}

/**
 * Sends one HTTP/1.1 request over a raw TCP connection and returns status and body. Needed for a
 * foreign `Host` header, which fetch replaces with the URL's host.
 */
export async function rawHttp(
  port: number,
  options: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Headers; body: string }> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    const body = options.body ?? "";
    const lines = [`${options.method} ${options.path} HTTP/1.1`];
    for (const [name, value] of Object.entries(options.headers)) lines.push(`${name}: ${value}`);
    lines.push(`content-length: ${new TextEncoder().encode(body).length}`, "connection: close");
    await conn.write(new TextEncoder().encode(lines.join("\r\n") + "\r\n\r\n" + body));
    const response = new TextDecoder().decode(await readAll(conn));
    const [head, ...rest] = response.split("\r\n\r\n");
    const [statusLine, ...headerLines] = head.split("\r\n");
    const headers = new Headers();
    for (const line of headerLines) {
      const at = line.indexOf(":");
      headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
    }
    let text = rest.join("\r\n\r\n");
    if (headers.get("transfer-encoding") === "chunked") text = dechunk(text);
    return { status: Number(statusLine.split(" ")[1]), headers, body: text };
  } finally {
    try {
      conn.close();
    } catch {
      // Already closed by the server.
    }
  }
}

async function readAll(conn: Deno.Conn): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  const buffer = new Uint8Array(16 * 1024);
  while (true) {
    const n = await conn.read(buffer);
    if (n === null) break;
    parts.push(buffer.slice(0, n));
  }
  const all = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return all;
}

function dechunk(text: string): string {
  let out = "";
  let rest = text;
  while (rest.length > 0) {
    const eol = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, eol), 16);
    if (!size) break;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
  return out;
}

/**
 * A client entry as README.md shows it: the JSON block whose `jobseek` server has `field` set.
 * docs/mcp.md repeats the same entries; they must not drift apart.
 */
export async function docsClientEntry(field: "url" | "command"): Promise<Record<string, unknown>> {
  const [readme, guide] = await Promise.all(
    ["../README.md", "../docs/mcp.md"].map(async (path) => {
      const text = await Deno.readTextFile(new URL(path, import.meta.url));
      for (const [, block] of text.matchAll(/```json\n([\s\S]*?)```/g)) {
        const entry = JSON.parse(block).mcpServers?.jobseek;
        if (entry && field in entry) return entry as Record<string, unknown>;
      }
      throw new Error(`${path} has no MCP client entry with "${field}"`);
    }),
  );
  if (JSON.stringify(readme) !== JSON.stringify(guide)) {
    throw new Error(`README.md and docs/mcp.md show different "${field}" client entries`);
  }
  return readme;
}
