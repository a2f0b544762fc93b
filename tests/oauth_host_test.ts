/**
 * The OAuth issuer and endpoints come from JOBSEEK_PUBLIC_URL, or from a Host the server answers
 * for; a foreign Host (DNS rebinding, a spoofed header) never names them.
 */
import { strict as assert } from "node:assert";
import { OAuthServer } from "../src/auth/oauth_server.ts";
import { createTestSearch, defaultTestJobs } from "./helpers.ts";
import { startTestServer } from "./test_server.ts";

/** GET with a Host header of our choosing (fetch would send the URL's). */
async function getWithHost(port: number, path: string, host: string) {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(
    new TextEncoder().encode(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
  );
  let text = "";
  const buffer = new Uint8Array(65536);
  while (true) {
    const n = await conn.read(buffer);
    if (n === null) break;
    text += new TextDecoder().decode(buffer.subarray(0, n));
  }
  conn.close();
  const [head, body] = text.split("\r\n\r\n", 2);
  return { status: Number(head.split(" ")[1]), body };
}

const PATHS = [
  "/.well-known/oauth-authorization-server",
  "/.well-known/oauth-protected-resource",
  "/oauth/authorize?client_id=x",
];

Deno.test("OAuth endpoints answer only for allowed hosts or the public URL", async (t) => {
  const search = await createTestSearch({ jobs: await defaultTestJobs(4) });
  const start = (env: Record<string, string>) =>
    startTestServer(search.store, search.service, {
      env,
      oauth: (apiKeys) => new OAuthServer(search.store, apiKeys),
    });
  const plain = await start({});
  const listed = await start({ JOBSEEK_ALLOWED_HOSTS: "jobs.lan" });
  const publicUrl = await start({ JOBSEEK_PUBLIC_URL: "https://jobs.example.com" });
  try {
    await t.step("a foreign Host gets 421 and never becomes the issuer", async () => {
      for (const path of PATHS) {
        const response = await getWithHost(plain.port, path, "evil.example");
        assert.equal(response.status, 421, path);
        assert.ok(!response.body.includes("http://evil.example"), response.body);
      }
    });
    await t.step("loopback and listed hosts are their own issuer", async () => {
      const local = await getWithHost(plain.port, PATHS[0], `localhost:${plain.port}`);
      assert.equal(local.status, 200);
      assert.equal(JSON.parse(local.body).issuer, `http://localhost:${plain.port}`);
      const lan = await getWithHost(listed.port, PATHS[0], "jobs.lan:8000");
      assert.equal(JSON.parse(lan.body).issuer, "http://jobs.lan:8000");
    });
    await t.step("with JOBSEEK_PUBLIC_URL every Host gets the public issuer", async () => {
      const response = await getWithHost(publicUrl.port, PATHS[0], "evil.example");
      assert.equal(response.status, 200);
      const meta = JSON.parse(response.body);
      assert.equal(meta.issuer, "https://jobs.example.com");
      assert.equal(meta.token_endpoint, "https://jobs.example.com/oauth/token");
    });
  } finally {
    await plain.close();
    await listed.close();
    await publicUrl.close();
    await search.close();
  }
});
