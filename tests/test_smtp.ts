/**
 * A real SMTP server for the alert tests (npm `smtp-server`, the protocol a mail server speaks), on
 * a free port of 127.0.0.1: it keeps every mail it is sent, and refuses recipients with 450 (a full
 * mailbox) while `refusing.now` is set.
 *
 * @module
 */
import { Buffer } from "node:buffer";
import { SMTPServer } from "smtp-server";

/** A mail the server took: its recipients and its bytes as sent. */
export interface TakenMail {
  to: string[];
  raw: Buffer;
}

export interface TestSmtp {
  /** Every mail taken, in the order they came. */
  mails: TakenMail[];
  /** Set `now` to refuse every recipient with 450 until it is unset. */
  refusing: { now: boolean };
  /** `smtp://127.0.0.1:PORT`, as `JOBSEEK_SMTP_URL` takes it. */
  url: string;
  close(): Promise<void>;
}

/** Starts the server; `onMail` sees each mail as it is taken (after it is kept in `mails`). */
export async function startTestSmtp(onMail?: (mail: TakenMail) => void): Promise<TestSmtp> {
  const mails: TakenMail[] = [];
  const refusing = { now: false };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(
        refusing.now
          ? Object.assign(new Error("mailbox unavailable"), { responseCode: 450 })
          : undefined,
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail = {
          to: (session.envelope.rcptTo as { address: string }[]).map((r) => r.address),
          raw: Buffer.concat(chunks),
        };
        mails.push(mail);
        onMail?.(mail);
        callback();
      });
    },
  });
  greetAtOnce(smtp);
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as { port: number }).port;
  return {
    mails,
    refusing,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/**
 * The connection's greeting sent as soon as it is set up. smtp-server waits 100 ms before it greets
 * every connection (to catch clients that talk before the greeting; not configurable), and each
 * mail of the alerts is a connection of its own: in this suite some 300 mails, 30 s of waiting
 * (docs/testing.md, "Seventeenth pass"). What follows the greeting is as before.
 */
function greetAtOnce(smtp: SMTPServer): void {
  interface Connection {
    init(): void;
    _setListeners(ready: () => void): void;
    connectionReady(): void;
  }
  const connections = (smtp as unknown as { connections: Set<Connection> }).connections;
  const add = connections.add.bind(connections);
  connections.add = (connection: Connection) => {
    // smtp-server 3.21's init() without its setTimeout(connectionReady, 100).
    connection.init = () => connection._setListeners(() => connection.connectionReady());
    return add(connection);
  };
}
