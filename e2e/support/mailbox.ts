/**
 * What the journeys' SMTP server received (e2e/global-setup.ts writes each message to MAILBOX_DIR as it arrives),
 * read back parsed: the specs check the mail a person would get, not the outbox row behind it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";

export const MAILBOX_DIR = join(tmpdir(), `e2e-mailbox-${process.env.E2E_PORT ?? 4399}`);

export type Delivered = { file: string; raw: string; mail: ParsedMail; to: string[] };

async function readAll(): Promise<Delivered[]> {
  if (!existsSync(MAILBOX_DIR)) return [];
  const files = readdirSync(MAILBOX_DIR).filter((f) => f.endsWith(".eml")).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = readFileSync(join(MAILBOX_DIR, file), "utf8");
      const mail = await simpleParser(raw);
      const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => (v.address ?? "").toLowerCase()));
      return { file, raw, mail, to };
    }),
  );
}

/** Names of the messages received so far: pass it to `waitForMail` to skip everything older. */
export function mailboxMark(): string {
  if (!existsSync(MAILBOX_DIR)) return "";
  return readdirSync(MAILBOX_DIR).filter((f) => f.endsWith(".eml")).sort().at(-1) ?? "";
}

/**
 * The first message received after `after` (a mailboxMark) for `to` whose subject matches, polled until `timeout`.
 * Fails with the subjects that did arrive, so a wrong wording shows in the report.
 */
export async function waitForMail(to: string, subject: RegExp | string, after = "", timeout = 30_000): Promise<Delivered> {
  const deadline = Date.now() + timeout;
  const wanted = to.toLowerCase();
  for (;;) {
    const all = (await readAll()).filter((d) => d.file > after && d.to.includes(wanted));
    const found = all.find((d) => (typeof subject === "string" ? d.mail.subject === subject : subject.test(d.mail.subject ?? "")));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail « ${subject} » for ${to}; received: ${all.map((d) => d.mail.subject).join(" | ") || "nothing"}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Every message received for `to` after `after`, oldest first (to count copies). */
export async function mailsFor(to: string, after = ""): Promise<Delivered[]> {
  const wanted = to.toLowerCase();
  return (await readAll()).filter((d) => d.file > after && d.to.includes(wanted));
}
