/**
 * The API key at rest: encrypted with AES-GCM under a key derived (HKDF-SHA256) from a random
 * machine-local secret (`.secret` beside the default config file, mode 600). This protects against
 * casual disclosure (a backup, a screenshot, a config file copied or pasted elsewhere), not against
 * an attacker who can read the user's home directory: such an attacker can read the secret too.
 *
 * @module
 */
import { fromBase64, toBase64 } from "../src/crypto.ts";
import { isNotFound, writePrivateFile } from "./private_file.ts";

const SECRET_BYTES = 32;
const HKDF_INFO = new TextEncoder().encode("jobseek config api_key v1");
const AAD = new TextEncoder().encode("jobseek:api_key");

/** An encrypted API key as the config file keeps it (binary fields in base64). */
export interface EncryptedApiKey {
  alg: "AES-256-GCM";
  kdf: "HKDF-SHA256";
  salt: string;
  iv: string;
  ciphertext: string;
}

async function deriveKey(secret: Uint8Array<ArrayBuffer>, salt: Uint8Array<ArrayBuffer>) {
  const base = await crypto.subtle.importKey("raw", secret, "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt, info: HKDF_INFO },
    base,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** The secret, or null when there is none; a file of the wrong size is an error, never replaced. */
async function readSecret(path: string): Promise<Uint8Array<ArrayBuffer> | null> {
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(path);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
  if (bytes.length !== SECRET_BYTES) {
    throw new Error(
      `the key's secret ${path} is not a jobseek secret (${bytes.length} bytes, expected ` +
        `${SECRET_BYTES}); move it aside to let jobseek create a new one`,
    );
  }
  return new Uint8Array(bytes);
}

/** Returns the machine-local secret, creating it (32 random bytes, mode 600) on first use. */
async function ensureSecret(path: string): Promise<Uint8Array<ArrayBuffer>> {
  const existing = await readSecret(path);
  if (existing) return existing;
  const secret = crypto.getRandomValues(new Uint8Array(SECRET_BYTES));
  await writePrivateFile(path, secret);
  return secret;
}

/**
 * Encrypts `apiKey` under a key derived from the secret at `secretPath`, creating the secret on
 * first use; a fresh salt and IV each time.
 */
export async function encryptApiKey(
  apiKey: string,
  secretPath: string,
): Promise<EncryptedApiKey> {
  const secret = await ensureSecret(secretPath);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await deriveKey(secret, salt);
  const ciphertext = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: AAD },
    key,
    new TextEncoder().encode(apiKey),
  );
  return {
    alg: "AES-256-GCM",
    kdf: "HKDF-SHA256",
    salt: toBase64(salt),
    iv: toBase64(iv),
    ciphertext: toBase64(new Uint8Array(ciphertext)),
  };
}

/** The API key `value` holds; throws, saying why, when this machine cannot decrypt it. */
export async function decryptApiKey(value: EncryptedApiKey, secretPath: string): Promise<string> {
  const secret = await readSecret(secretPath);
  if (!secret) {
    throw new Error(`the key cannot be decrypted on this machine (${secretPath} is missing)`);
  }
  try {
    const key = await deriveKey(secret, fromBase64(value.salt));
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(value.iv), additionalData: AAD },
      key,
      fromBase64(value.ciphertext),
    );
    return new TextDecoder("utf-8", { fatal: true }).decode(plain);
  } catch {
    throw new Error("the stored API key cannot be decrypted (corrupt, or from another machine)");
  }
}

/** Whether a config file's `api_key` has the form {@linkcode encryptApiKey} writes. */
export function isEncryptedApiKey(value: unknown): value is EncryptedApiKey {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return v.alg === "AES-256-GCM" && v.kdf === "HKDF-SHA256" && typeof v.salt === "string" &&
    typeof v.iv === "string" && typeof v.ciphertext === "string";
}
