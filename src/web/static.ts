/**
 * The pages' static files, served by this server (nothing comes from a CDN, so the pages work
 * offline): the stylesheet, the page script, the icon, and htmx from its npm package (exact version pinned
 * in deno.json). Read once at start; their URLs carry a content hash, so browsers may keep them.
 *
 * @module
 */
import { createRequire } from "node:module";
import { sha256Hex } from "../crypto.ts";

interface Asset {
  body: string;
  type: string;
}

function readLocal(name: string): string {
  return Deno.readTextFileSync(new URL(`./static/${name}`, import.meta.url));
}

function readHtmx(): string {
  // The package's file, wherever the npm resolution put it.
  const path = createRequire(import.meta.url).resolve("htmx.org/dist/htmx.min.js");
  return Deno.readTextFileSync(path);
}

export const ASSETS: Record<string, Asset> = {
  "web.css": { body: readLocal("web.css"), type: "text/css; charset=utf-8" },
  "web.js": { body: readLocal("web.js"), type: "text/javascript; charset=utf-8" },
  "htmx.min.js": { body: readHtmx(), type: "text/javascript; charset=utf-8" },
  // Without an icon of its own every page load asks for /favicon.ico and logs a 404.
  "icon.svg": { body: readLocal("icon.svg"), type: "image/svg+xml" },
};

/** Changes whenever a file does: the `?v=` of every asset URL. */
export const ASSET_VERSION = sha256Hex(Object.values(ASSETS).map((a) => a.body).join("\0"))
  .slice(0, 12);
