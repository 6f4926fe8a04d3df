/**
 * The one Redis connection of a process (issue 24 §3: shared state when `REDIS_URL` is set), on Bun's built-in
 * client. Commands never wait in a queue for a server that is down (`enableOfflineQueue: false`): a request that
 * needs Redis gets an error at once and its caller decides (api/lib/account-limits.ts: password resets fail
 * closed, the other limits open). After the client gives up reconnecting it stays closed (Bun does not reconnect
 * by itself then), so each command reconnects first when needed, one attempt at a time.
 */
import { RedisClient } from "bun";

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

  /** Sends one command (connecting first if needed); rejects when Redis cannot be reached. */
  async send(command: string, args: (string | number)[]): Promise<unknown> {
    await this.ready();
    return this.client.send(command, args.map(String));
  }

  close(): void {
    this.client.close();
  }
}
