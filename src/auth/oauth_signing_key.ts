/**
 * The HMAC-SHA-256 key that signs what the authorization server hands out instead of storing it: a
 * registered client's `client_id` and a consent page's form token. Every server reads the same key
 * from the store, so that one server accepts what another signed.
 *
 * @module
 */
import type { SecretStore } from "../store/secret_store.ts";

/** The key's name in the store; changing it would void every client_id ever issued. */
const SECRET_NAME = "oauth_consent_hmac";

/** Signs and verifies with the shared key, read from the store once and kept. */
export class OAuthSigningKey {
  readonly #secrets: SecretStore;
  #key: Promise<CryptoKey> | undefined;

  constructor(secrets: SecretStore) {
    this.#secrets = secrets;
  }

  /** The signature of `data`. */
  async sign(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await crypto.subtle.sign("HMAC", await this.#cryptoKey(), data));
  }

  /** Whether `signature` is ours over `data`. Throws only when the key cannot be read. */
  async verify(
    signature: Uint8Array<ArrayBuffer>,
    data: Uint8Array<ArrayBuffer>,
  ): Promise<boolean> {
    return await crypto.subtle.verify("HMAC", await this.#cryptoKey(), signature, data);
  }

  #cryptoKey(): Promise<CryptoKey> {
    this.#key ??= this.#secrets.sharedSecret(SECRET_NAME).then((raw) =>
      crypto.subtle.importKey(
        "raw",
        raw as Uint8Array<ArrayBuffer>,
        { name: "HMAC", hash: "SHA-256" },
        false,
        ["sign", "verify"],
      )
    );
    // A store that failed once is asked again next time rather than failing for good.
    this.#key.catch(() => this.#key = undefined);
    return this.#key;
  }
}
