/**
 * Random secrets that the servers sharing a store share (e.g. the consent-form signing key).
 *
 * @module
 */
import { z } from "zod";
import { keys } from "./kv_keys.ts";
import type { KvAccess } from "./kv.ts";

const SECRET_BYTES = 32;
const SecretSchema = z.instanceof(Uint8Array).refine(
  (bytes) => bytes.byteLength === SECRET_BYTES,
  `not ${SECRET_BYTES} bytes`,
);

/** Named random secrets, each created once by whichever server asks first. */
export class SecretStore {
  readonly #kv: KvAccess;

  constructor(kv: KvAccess) {
    this.#kv = kv;
  }

  /**
   * A random 32-byte secret under `name`, created by the first server that asks; a server that
   * loses the race to create it reads the winner's. A stored value that is not 32 bytes is
   * replaced.
   */
  async sharedSecret(name: string): Promise<Uint8Array> {
    const key = keys.secret(name);
    while (true) {
      const entry = await this.#kv.get(key, SecretSchema);
      if (entry.value) return entry.value;
      const secret = crypto.getRandomValues(new Uint8Array(SECRET_BYTES));
      if (await this.#kv.commit((op) => op.check(entry).set(key, secret))) return secret;
    }
  }
}
