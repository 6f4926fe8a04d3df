/**
 * The SMTP side of delivery, over nodemailer: SMTP_URL to a pooled transport (one connection kept open between
 * messages, so a newsletter does not pay a handshake per recipient). `smtp://` connects in clear and upgrades
 * with STARTTLS whenever the server offers it (nodemailer's default); `smtps://` speaks TLS from the start.
 * Credentials come from the URL, percent-decoded.
 */
import type { ConnectionOptions } from "node:tls";
import nodemailer from "nodemailer";
import type { MailRow } from "../../../db/schema";

/** The server's answer to an accepted message. */
export type SendResult = { response: string; accepted: string[] };

export type MailTransport = {
  /** Resolves once the server has accepted the message (its final 250), rejects with nodemailer's error otherwise. */
  send(row: MailRow): Promise<SendResult>;
  close(): void;
};

/**
 * Timeouts well inside the worker's lease (delivery.ts): a send still hanging when the lease lapses could be taken
 * by another worker and go out twice.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** nodemailer's options for SMTP_URL (the `tls` extra lets tests trust their own certificate). */
export function smtpOptions(smtpUrl: string, extra: { tls?: ConnectionOptions } = {}) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  return {
    pool: true as const,
    maxConnections: 1,
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    // Without a port: 587 (submission) for smtp://, 465 for smtps://.
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    ...SMTP_TIMEOUTS,
    // Messages are built from the outbox only: nothing in them may make nodemailer read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
    ...(extra.tls ? { tls: extra.tls } : {}),
  };
}

export function createSmtpTransport(smtpUrl: string, extra: { tls?: ConnectionOptions } = {}): MailTransport {
  const transporter = nodemailer.createTransport(smtpOptions(smtpUrl, extra));
  return {
    async send(row) {
      const info = await transporter.sendMail({
        from: row.fromHeader,
        to: { name: row.toName, address: row.toAddress },
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers,
        attachments: (row.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
        // The same Message-ID at every attempt: a copy sent twice (see docs/DECISIONS.md) is recognisable.
        messageId: row.messageId,
      });
      return { response: String(info.response ?? ""), accepted: (info.accepted ?? []).map(String) };
    },
    close: () => transporter.close(),
  };
}
