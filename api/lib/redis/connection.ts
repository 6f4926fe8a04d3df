/**
 * The one Redis connection of a process (issue 24 §3: shared state when `REDIS_URL` is set), on Bun's built-in
 * client. Commands never wait in a queue for a server that is down (`enableOfflineQueue: false`): a request that
 * needs Redis gets an error at once and its caller decides (api/lib/account-limits.ts: password resets fail
 * closed, the other limits open). After the client gives up reconnecting it stays closed (Bun does not reconnect
 * by itself then), so each command reconnects first when needed, one attempt at a time.
 *
 * A frozen server (port open, no answer: a stopped process, a full machine) is not "down" to the client: the
 * socket connects and commands wait forever, and so did sign-in and the contact form (issue 30 §5). Every
 * command therefore has a deadline, connection included (COMMAND_TIMEOUT_MS); past it the command rejects like an
 * unreachable server, so each caller's documented choice applies (fail open or closed), and the client is
 * replaced, so that nothing keeps waiting on the stuck socket and the next command starts afresh.
 */
import { RedisClient } from "bun";

/**
 * How long one command may take, connection included. Redis answers in well under a millisecond here; one second
 * leaves room for a loaded machine and keeps a request that needs one command within the 2 seconds promised.
 */
export const COMMAND_TIMEOUT_MS = 1_000;

export class RedisTimeoutError extends Error {}

export class RedisConnection {
  private client: RedisClient;
  private connecting: Promise<void> | null = null;

  constructor(readonly url: string) {
    this.client = RedisConnection.open(url);
  }

  private static open(url: string): RedisClient {
    return new RedisClient(url, { enableOfflineQueue: false, connectionTimeout: 2_000, autoReconnect: true, maxRetries: 3 });
  }

  private async ready(): Promise<void> {
    if (this.client.connected) return;
    this.connecting ??= this.client
      .connect()
      .catch((e) => {
        // A client that gave up cannot be revived: the next command opens a fresh one.
        this.client.close();
        this.client = RedisConnection.open(this.url);
        throw e;
      })
      .finally(() => {
        this.connecting = null;
      });
    await this.connecting;
  }

  /** Sends one command (connecting first if needed); rejects when Redis cannot be reached or does not answer in time. */
  async send(command: string, args: (string | number)[]): Promise<unknown> {
    const client = this.client;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RedisTimeoutError(`Redis did not answer ${command} within ${COMMAND_TIMEOUT_MS} ms`)), COMMAND_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.ready().then(() => this.client.send(command, args.map(String))), deadline]);
    } catch (e) {
      if (e instanceof RedisTimeoutError && this.client === client) this.replace();
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Drops a client stuck on a frozen server (its pending commands reject) for a fresh one. */
  private replace(): void {
    const stuck = this.client;
    this.client = RedisConnection.open(this.url);
    this.connecting = null;
    stuck.close();
  }

  close(): void {
    this.client.close();
  }
}
