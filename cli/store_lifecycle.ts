/**
 * The retention and purge an operator command uses: the store's (src/store/lifecycle_settings_store.ts),
 * so that a cron `ingest` or an `index status` agrees with the servers whatever its environment.
 *
 * @module
 */
import type { Config } from "../src/config.ts";
import type { Store } from "../src/store/store.ts";

/** `config` with the store's retention and purge, when the store has them. */
export async function withStoreLifecycle(
  store: Pick<Store, "lifecycle">,
  config: Readonly<Config>,
): Promise<Readonly<Config>> {
  const { stored: _, ...settings } = await store.lifecycle.resolve(config);
  return { ...config, ...settings };
}
