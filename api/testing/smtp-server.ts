/**
 * A real SMTP server for tests (nodemailer's smtp-server) on 127.0.0.1 and a free port: it checks the login when
 * given credentials, keeps every message it accepted (raw, and parsed by mailparser), and can be stopped and
 * started again on the same port, to play a mail server that goes down and comes back.
 */
import type { Socket } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  /** The SMTP envelope: who the client said it sends for and to. */
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
  /** Whether the connection was encrypted when the message came (STARTTLS or TLS). */
  secure: boolean;
  /** The user the client logged in as, if it did. */
  user: string | undefined;
};

export type TestSmtpServer = {
  port: number;
  /** The SMTP_URL that reaches this server, with its credentials. */
  url: string;
  received: ReceivedMail[];
  /** How many copies of a message (by Message-ID) arrived. */
  copiesOf(messageId: string): number;
  /** Closes the server and cuts every open connection, as a crash of the mail server would. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
};

export type SmtpServerOptions = {
  /** Require this login (AUTH PLAIN/LOGIN, allowed without TLS here). */
  auth?: { user: string; password: string };
  /** Offer STARTTLS (with smtp-server's own self-signed certificate); off by default. */
  starttls?: boolean;
  /** Recipients refused for good (550), as a server answers for a mailbox that does not exist. */
  unknownRecipients?: string[];
  /** Called with each message once stored (the browser journeys write it to a folder their specs read). */
  onReceived?: (mail: ReceivedMail) => void;
};

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  let sockets = new Set<Socket>();
  let port = 0;

  const make = () =>
    new SMTPServer({
      logger: false,
      authOptional: !options.auth,
      allowInsecureAuth: true,
      disabledCommands: options.starttls ? [] : ["STARTTLS"],
      closeTimeout: 10,
      onAuth(auth, _session, callback) {
        if (options.auth && auth.username === options.auth.user && auth.password === options.auth.password) return callback(null, { user: auth.username });
        callback(Object.assign(new Error("Identifiants refusés"), { responseCode: 535 }));
      },
      onRcptTo(address, _session, callback) {
        if (options.unknownRecipients?.includes(address.address)) return callback(Object.assign(new Error("Boîte inconnue"), { responseCode: 550 }));
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          // Stored before the 250 goes out: once the client's send resolves, the message is in `received`.
          simpleParser(raw).then(
            (parsed) => {
              const mail: ReceivedMail = {
                envelope: { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((r) => r.address) },
                raw,
                parsed,
                secure: session.secure,
                user: typeof session.user === "string" ? session.user : undefined,
              };
              received.push(mail);
              options.onReceived?.(mail);
              callback();
            },
            (e: Error) => callback(e),
          );
        });
      },
    });

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const s = make();
      sockets = new Set();
      (s as unknown as { server: { on(e: "connection", f: (socket: Socket) => void): void } }).server.on("connection", (socket) => {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
      });
      s.on("error", reject);
      s.listen(port, "127.0.0.1", () => {
        server = s;
        port = (s as unknown as { server: { address(): { port: number } } }).server.address().port;
        resolve();
      });
    });

  await start();
  const credentials = options.auth ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.password)}@` : "";
  return {
    port,
    url: `smtp://${credentials}127.0.0.1:${port}`,
    received,
    copiesOf: (messageId) => received.filter((m) => m.parsed.messageId === messageId).length,
    stop: () =>
      new Promise<void>((resolve) => {
        const s = server;
        server = null;
        if (!s) return resolve();
        for (const socket of sockets) socket.destroy();
        s.close(() => resolve());
      }),
    start,
  };
}
