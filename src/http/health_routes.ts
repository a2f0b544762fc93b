/**
 * `GET /healthz` for load balancers and orchestrators: no key needed, 200 once the index is loaded
 * and serving, 503 before: `starting` while it may still come, `unavailable` with the reason and
 * the fix when no snapshot in the store can be loaded (waiting will not help; an operator must).
 *
 * @module
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps, AppEnv } from "./app_deps.ts";
import { NOT_READY_RETRY_AFTER_SECONDS } from "./error_response.ts";
import { methodNotAllowed } from "./method_not_allowed.ts";

export const HEALTH_PATH = "/healthz";

export const HealthBodySchema = z.object({
  status: z.enum(["ok", "starting", "unavailable"]).describe(
    "`ok` once the index serves, `starting` before, `unavailable` when no index snapshot in the " +
      "store can be loaded (`detail` says why and what to run).",
  ),
  detail: z.string().optional().describe(
    "Present when something needs an operator: the previous index serves because the current " +
      "one cannot be loaded, or no snapshot can be loaded at all.",
  ),
  failed_sources: z.array(z.object({
    name: z.string(),
    at: z.string().describe("When the failed pull ended (ISO 8601)."),
    outcome: z.string().describe("Why the pull failed."),
    last_good_at: z.string().optional().describe("When the source's last good pull was."),
  })).optional().describe(
    "Feed sources (`jobseek sources`) whose last pull failed: nothing of such a pull is imported " +
      "and nothing expires because of it. The server still serves (status stays `ok`).",
  ),
  building: z.object({
    reason: z.string().describe("Why: a push, a gap, a compaction, another model's index, ..."),
    phase: z.string().describe(
      "`waiting` (another server publishes), `checking`, `read`, `embed`, `index`, `save`, " +
        "`delta`, or a compaction's `merge` (its deltas into one) or `compaction` (into a full " +
        "snapshot; `reason` says which and why).",
    ),
    done: z.number().int().describe("How much of the phase is done, of `total`."),
    total: z.number().int().describe("The phase's size: postings to read, titles to embed."),
    started_at: z.string().describe("When the build began (ISO 8601)."),
  }).optional().describe(
    "Present while this server builds an index in the background: the index it has keeps " +
      "serving meanwhile (status `ok`).",
  ),
  model: z.string().optional().describe(
    "The embedding model in use (its stamp), once it is loaded: an operator sees at once whether " +
      "the configured model or the USE-lite fallback serves.",
  ),
});
export type HealthBody = z.infer<typeof HealthBodySchema>;

export function createHealthRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(HEALTH_PATH, (c) => {
    const model = deps.service.info?.().model ?? undefined;
    const named = model ? { model } : {};
    const detail = deps.service.healthDetail?.() ?? null;
    const failing = deps.failingSources?.() ?? [];
    const building = deps.building?.() ?? null;
    const explained = {
      ...(detail ? { detail } : {}),
      ...(failing.length > 0 ? { failed_sources: failing } : {}),
      ...(building ? { building } : {}),
    };
    if (deps.service.isReady()) {
      return c.json({ status: "ok", ...explained, ...named } satisfies HealthBody);
    }
    // Not serving, with a detail: the service tried every snapshot and none loads; waiting helps
    // only while an index is being built.
    return c.json(
      {
        status: detail && !building ? "unavailable" : "starting",
        ...explained,
        ...named,
      } satisfies HealthBody,
      503,
      { "retry-after": String(NOT_READY_RETRY_AFTER_SECONDS) },
    );
  });
  app.all(HEALTH_PATH, methodNotAllowed(["GET", "HEAD"], deps.logger));
  return app;
}
