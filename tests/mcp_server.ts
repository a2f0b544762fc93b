/**
 * A real jobseek HTTP server for MCP tests: `createApp` (REST and `/mcp` together) on `Deno.serve`
 * (port 0) with real API keys and rate limits in KV, plus helpers to talk to `/mcp` with the SDK's
 * own client, with plain fetch, and over a raw socket (fetch cannot send a foreign `Host`).
 *
 * @module
 */
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ApiKeyRegistry } from "../src/auth/api_keys.ts";
import { RateLimiter } from "../src/auth/rate_limiter.ts";
import { rejectAllTokens, type TokenVerifier } from "../src/auth/token_verifier.ts";
import { loadConfig } from "../src/config.ts";
import type { SearchService } from "../src/domain/service.ts";
import { createApp } from "../src/http/app.ts";
import { createLogger } from "../src/log.ts";
import type { KvStore } from "../src/store/kv_store.ts";

/** 30 s into a rate window, so that no test sees a window roll over. */
const FROZEN_NOW = Date.UTC(2026, 0, 1, 12, 0, 30);

/** What a JSON-RPC request to `/mcp` needs besides credentials. */
export const MCP_HEADERS = {
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
};

export interface McpTestServerOptions {
  /** Environment for loadConfig (JOBSEEK_ALLOWED_HOSTS, JOBSEEK_PUBLIC_URL, ...). */
  env?: Record<string, string>;
  /** Requests per minute; generous unless a test lowers it. */
  rateLimit?: number;
  tokenVerifier?: TokenVerifier;
  /** Replaces the service the app sees (e.g. one that fails), given the real one. */
  wrapService?: (service: SearchService) => SearchService;
}

export interface McpTestServer {
  /** Base URL, e.g. `http://127.0.0.1:PORT`. */
  url: string;
  port: number;
  /** A valid API key, and its name. */
  key: string;
  keyName: string;
  apiKeys: ApiKeyRegistry;
  /** Parsed JSON log lines written so far. */
  logs: Record<string, unknown>[];
  /** Handles one request in-process, as Deno.serve would. */
  fetchApp(request: Request): Promise<Response>;
  /** POSTs a JSON-RPC body to /mcp with the MCP headers plus `headers` (no key unless given). */
  postMcp(body: unknown, headers?: Record<string, string>): Promise<Response>;
  /** An SDK client, initialized against /mcp (or `endpoint`) with the tester's key (or `headers`). */
  connectClient(headers?: Record<string, string>, endpoint?: string): Promise<Client>;
  close(): Promise<void>;
}

/** Starts the app on a free port over `store` and `service`, with one API key created. */
export async function startMcpServer(
  store: KvStore,
  service: SearchService,
  options: McpTestServerOptions = {},
): Promise<McpTestServer> {
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger({ level: "debug", write: (line) => logs.push(JSON.parse(line)) });
  const config = loadConfig(options.env ?? {});
  const apiKeys = new ApiKeyRegistry(store, config.staticApiKeys);
  const keyName = `mcp-tester-${crypto.randomUUID().slice(0, 8)}`;
  const { key } = await apiKeys.create(keyName);
  const app = createApp({
    config,
    service: options.wrapService ? options.wrapService(service) : service,
    apiKeys,
    rateLimiter: new RateLimiter(store, {
      perMinute: options.rateLimit ?? 100_000,
      now: () => FROZEN_NOW,
    }),
    tokenVerifier: options.tokenVerifier ?? rejectAllTokens,
    logger,
  });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  const url = `http://127.0.0.1:${server.addr.port}`;
  const clients: Client[] = [];
  return {
    url,
    port: server.addr.port,
    key,
    keyName,
    apiKeys,
    logs,
    fetchApp: async (request) => await app.fetch(request),
    postMcp(body, headers = {}) {
      return fetch(`${url}/mcp`, {
        method: "POST",
        headers: { ...MCP_HEADERS, ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    },
    async connectClient(headers = { "x-api-key": key }, endpoint = `${url}/mcp`) {
      const client = new Client({ name: "jobseek-test", version: "1.0.0" });
      const transport = new StreamableHTTPClientTransport(new URL(endpoint), {
        requestInit: { headers },
      });
      await client.connect(transport);
      clients.push(client);
      return client;
    },
    async close() {
      for (const client of clients) await client.close();
      await server.shutdown();
    },
  };
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

/** A client entry from docs/mcp.md: the JSON block whose `jobseek` server has `field` set. */
export async function docsClientEntry(field: "url" | "command"): Promise<Record<string, unknown>> {
  const text = await Deno.readTextFile(new URL("../docs/mcp.md", import.meta.url));
  for (const [, block] of text.matchAll(/```json\n([\s\S]*?)```/g)) {
    const entry = JSON.parse(block).mcpServers?.jobseek;
    if (entry && field in entry) return entry;
  }
  throw new Error(`docs/mcp.md has no client entry with "${field}"`);
}
