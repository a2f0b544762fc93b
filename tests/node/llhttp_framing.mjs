// Node's own HTTP/1.1 server (llhttp underneath) as the reference for
// tests/request_framing_differential_test.ts. One case per stdin line, `{"bytes": base64}`, sent
// over one fresh connection and half-closed; one stdout line per case saying what the server made of
// it: the requests it parsed in order (method, URL, body length, whether the body ended) and the
// parse error that stopped it, if any. Cases run one at a time, so every event belongs to the case
// in flight. argv[2] is the largest head the server takes, in bytes (the guard's own limit).
import http from "node:http";
import net from "node:net";
import readline from "node:readline";

const maxHeaderSize = Number(process.argv[2]);
let current = null;

const server = http.createServer(
  { maxHeaderSize, requireHostHeader: false, insecureHTTPParser: false },
  (request, response) => {
    const seen = { method: request.method, url: request.url, bodyLength: 0, ended: false };
    current?.requests.push(seen);
    request.on("data", (chunk) => (seen.bodyLength += chunk.length));
    request.on("end", () => {
      seen.ended = true;
      response.end();
    });
  },
);
server.on("clientError", (error, socket) => {
  if (current && current.error === null) current.error = error.code ?? String(error);
  socket.destroy();
});
// A request the parser hands over as a tunnel is not one it framed: say so rather than guess.
server.on("connect", (request, socket) => {
  if (current && current.error === null) current.error = `TUNNEL ${request.method}`;
  socket.destroy();
});
server.on("upgrade", (_request, socket) => {
  if (current && current.error === null) current.error = "TUNNEL upgrade";
  socket.destroy();
});

function runCase(bytes) {
  return new Promise((resolve) => {
    current = { requests: [], error: null };
    const socket = net.connect(server.address().port, "127.0.0.1", () => socket.end(bytes));
    socket.on("data", () => {});
    socket.on("error", () => {});
    socket.on("close", () => {
      // The server may still be finishing the last request's events; let them land.
      setImmediate(() => {
        const result = current;
        current = null;
        resolve(result);
      });
    });
  });
}

server.listen(0, "127.0.0.1", async () => {
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    const { bytes } = JSON.parse(line);
    const result = await runCase(Buffer.from(bytes, "base64"));
    process.stdout.write(JSON.stringify(result) + "\n");
  }
  server.close();
});
