/**
 * Invalidation of the public API cache across API processes (issue 24 §3): a process that changes public content
 * publishes on one Redis channel, every other process clears its cache (and refreshes its set of public uploads).
 * The subscriber has its own connection (a subscribed client can do nothing else). When that connection drops, it
 * reconnects every second and, once subscribed again, clears the cache as for a change: messages sent meanwhile
 * are lost, so a cache that may have missed one is dropped rather than trusted.
 */
import { randomUUID } from "node:crypto";
import { RedisClient } from "bun";
import type { RedisConnection } from "./connection";

export const CHANGES_CHANNEL = "institut:public-changed";
const RETRY_MS = 1_000;

export type InvalidationReason = "change" | "resubscribed";

export class SharedInvalidation {
  /** Tells this process's own messages from the others'. */
  readonly id = randomUUID();
  private client: RedisClient | null = null;
  private stopped = false;
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly url: string,
    private readonly publisher: RedisConnection,
    private readonly onRemote: (reason: InvalidationReason) => void,
  ) {}

  /** Subscribes; resolves once subscribed (or after the first failure, then retries in the background). */
  async start(): Promise<void> {
    await this.subscribe(false);
  }

  private async subscribe(again: boolean): Promise<void> {
    if (this.stopped) return;
    const client = new RedisClient(this.url, { autoReconnect: false, enableOfflineQueue: false, connectionTimeout: 2_000 });
    this.client = client;
    client.onclose = () => {
      if (this.client === client) this.later();
    };
    try {
      await client.connect();
      await client.subscribe(CHANGES_CHANNEL, (message) => {
        if (message !== this.id) this.onRemote("change");
      });
      if (again) this.onRemote("resubscribed");
    } catch (e) {
      if (!again) console.error("Redis unreachable, cache invalidation not shared yet:", (e as Error).message);
      if (this.client === client) {
        this.client = null;
        client.close();
      }
      this.later();
    }
  }

  private later() {
    if (this.stopped || this.retry) return;
    this.client = null;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.subscribe(true);
    }, RETRY_MS);
    this.retry.unref?.();
  }

  /** Tells the other processes that public content changed; a Redis outage only delays them (see above). */
  async announce(): Promise<void> {
    await this.publisher.send("PUBLISH", [CHANGES_CHANNEL, this.id]).catch((e) => {
      console.error("Redis unreachable, cache invalidation not sent:", (e as Error).message);
    });
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const c = this.client;
    this.client = null;
    c?.close();
  }
}
