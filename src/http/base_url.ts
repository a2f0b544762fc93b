/**
 * The service's public base URL, as the OAuth metadata, `WWW-Authenticate` and the consent page
 * name it: `JOBSEEK_PUBLIC_URL`, or else the origin the request was sent to.
 *
 * @module
 */
import type { Config } from "../config.ts";

/**
 * `config.publicUrl`, or the origin of `requestUrl`.
 *
 * @example
 * ```ts
 * import { strict as assert } from "node:assert";
 * import { baseUrl } from "./base_url.ts";
 *
 * assert.equal(baseUrl({}, "http://127.0.0.1:8000/mcp?x=1"), "http://127.0.0.1:8000");
 * assert.equal(baseUrl({ publicUrl: "https://jobs.example.com" }, "http://10.0.0.5/mcp"), "https://jobs.example.com");
 * ```
 */
export function baseUrl(config: Pick<Config, "publicUrl">, requestUrl: string): string {
  return config.publicUrl ?? new URL(requestUrl).origin;
}
