/**
 * The benchmark's SMTP server, in a process of its own so its memory is its own: nodemailer's smtp-server on a
 * free port of 127.0.0.1, counting the messages per recipient and per Message-ID without keeping them. Prints
 * `port N` when listening; answers `stats` on stdin with one JSON line.
 */
import { SMTPServer } from "smtp-server";

const perRecipient = new Map<string, number>();
const messageIds = new Set<string>();
let received = 0;
let bytes = 0;

const server = new SMTPServer({
  logger: false,
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    let head = "";
    stream.on("data", (c: Buffer) => {
      bytes += c.length;
      if (head.length < 8192) head += c.toString("utf8");
    });
    stream.on("end", () => {
      received++;
      for (const r of session.envelope.rcptTo) perRecipient.set(r.address, (perRecipient.get(r.address) ?? 0) + 1);
      const id = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1];
      if (id) messageIds.add(id);
      callback();
    });
  },
});

server.listen(0, "127.0.0.1", () => {
  const port = (server as unknown as { server: { address(): { port: number } } }).server.address().port;
  console.log(`port ${port}`);
});

process.stdin.on("data", (d: Buffer) => {
  if (!d.toString().includes("stats")) return;
  const copies = [...perRecipient.values()];
  console.log(
    JSON.stringify({
      received,
      recipients: perRecipient.size,
      duplicates: copies.filter((n) => n > 1).length,
      messageIds: messageIds.size,
      megabytes: Math.round(bytes / 1e5) / 10,
    }),
  );
});
