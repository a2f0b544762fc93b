/**
 * The retention and purge an operator command uses: the store's (src/store/lifecycle_settings_store.ts),
 * so that a cron `ingest` or an `index status` agrees with the servers whatever its environment.
 *
 * @module
 */
import type { Config } from "../src/config.ts";
import type { Store } from "../src/store/store.ts";

/**
 * `config` with the store's retention and purge, when the store has them; else what its first
 * server would take (none where the store holds postings, or `filling` is an import about to fill
 * it, and the environment names no retention).
 */
export async function withStoreLifecycle(
  store: Pick<Store, "lifecycle">,
  config: Readonly<Config>,
  options: { filling?: boolean } = {},
): Promise<Readonly<Config>> {
  const { stored: _, keptSearchable: __, ...settings } = await store.lifecycle.resolve(
    config,
    options,
  );
  return { ...config, ...settings };
}
