/**
 * A real S3 server for tests and benches: Ceph's RADOS Gateway from Debian's packages (radosgw, ceph-mon, ceph-osd,
 * s3cmd; installed by scripts/test.sh), one host, in a private temp folder: one monitor, one BlueStore OSD on a
 * sparse file, the gateway on 127.0.0.1 and a free port, one S3 user and the buckets asked for. About 20 s to start
 * (most of it the gateway creating its pools), ~150 MB resident. The gateway checks SigV4 signatures against its
 * own users, which is why a fake that accepts anything is not used. Nothing here is used by the product.
 *
 * What makes one host work (see also the operator's notes): no cephx inside the cluster (the S3 layer still checks
 * signatures), msgr v1 only, pools of size 1, the OSD's block file outside its data folder, `ceph osd new` retried
 * until the monitor answers.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { freePort } from "./redis-server";

export type TestS3 = {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  buckets: string[];
  /** The S3_* variables that point the app at this gateway, with `bucket` as S3_BUCKET. */
  env(bucket?: string): Record<string, string>;
  /** Seconds the cluster took to answer S3 requests. */
  startSeconds: number;
  /** Stops the gateway alone (the cluster stays), as an outage of the S3 endpoint. */
  stopGateway(): Promise<void>;
  /** Starts the gateway again on the same port. */
  startGateway(): Promise<void>;
  /** Creates one more bucket. */
  createBucket(name: string): Promise<void>;
  /** Kills every daemon and removes the folder. */
  close(): Promise<void>;
};

const REGION = "us-east-1";

function run(cmd: string[], timeoutMs = 30_000): { ok: boolean; out: string } {
  const r = Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe", timeout: timeoutMs });
  return { ok: r.exitCode === 0, out: r.stdout.toString() + r.stderr.toString() };
}

function must(cmd: string[], timeoutMs?: number): string {
  const r = run(cmd, timeoutMs);
  if (!r.ok) throw new Error(`${cmd.join(" ")} failed:\n${r.out.slice(-2000)}`);
  return r.out;
}

async function answers(endpoint: string): Promise<boolean> {
  try {
    const res = await fetch(endpoint, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/** Waits until the monitor counts the OSD up; false when the OSD process exits first. */
async function osdUp(conf: string, osd: Subprocess): Promise<boolean> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (osd.exitCode !== null || osd.signalCode !== null) return false;
    const r = run(["ceph", "-c", conf, "--connect-timeout", "5", "osd", "stat", "-f", "json"], 10_000);
    if (r.ok && /"num_up_osds":1\b/.test(r.out)) return true;
    await Bun.sleep(200);
  }
  return false;
}

export async function startTestS3(opts: { buckets?: string[] } = {}): Promise<TestS3> {
  const started = performance.now();
  const dir = mkdtempSync(join(tmpdir(), "test-s3-"));
  for (const d of ["run", "log", "mon", "osd", "rgw"]) mkdirSync(join(dir, d));
  const conf = join(dir, "ceph.conf");
  const fsid = randomUUID();
  const monPort = await freePort();
  let rgwPort = await freePort();
  const accessKeyId = `AK${randomBytes(8).toString("hex").toUpperCase()}`;
  const secretAccessKey = randomBytes(24).toString("base64url");
  const daemons: Subprocess[] = [];
  let gateway: Subprocess | null = null;

  const writeConf = () =>
    writeFileSync(
      conf,
      `[global]
fsid = ${fsid}
mon_host = v1:127.0.0.1:${monPort}
auth_cluster_required = none
auth_service_required = none
auth_client_required = none
ms_bind_msgr2 = false
osd_pool_default_size = 1
osd_pool_default_min_size = 1
mon_allow_pool_size_one = true
mon_warn_on_pool_no_redundancy = false
osd_crush_chooseleaf_type = 0
osd_pool_default_pg_num = 8
osd_pool_default_pgp_num = 8
osd_pool_default_pg_autoscale_mode = off
run_dir = ${dir}/run
admin_socket = ${dir}/run/$name.asok
log_file = ${dir}/log/$name.log
log_to_stderr = false
err_to_stderr = false
[mon.a]
mon_data = ${dir}/mon
[osd.0]
osd_data = ${dir}/osd
osd_objectstore = bluestore
bluestore_block_path = ${dir}/osd-block
bluestore_block_size = 4294967296
bluestore_block_create = true
[client.rgw]
rgw_data = ${dir}/rgw
rgw_frontends = beast endpoint=127.0.0.1:${rgwPort} tcp_nodelay=1
`,
    );
  const spawn = (cmd: string[]) => Bun.spawn(cmd, { stdout: "ignore", stderr: "ignore" });
  const endpoint = () => `http://127.0.0.1:${rgwPort}`;

  const startGateway = async () => {
    // Another process may take the port between freePort() and the bind: then try another one.
    for (let attempt = 0; ; attempt++) {
      gateway = spawn(["radosgw", "-f", "-c", conf, "-n", "client.rgw"]);
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline && gateway.exitCode === null && !(await answers(endpoint()))) await Bun.sleep(100);
      if (gateway.exitCode === null && (await answers(endpoint()))) return;
      gateway.kill("SIGKILL");
      await gateway.exited;
      gateway = null;
      if (attempt >= 2) throw new Error(`radosgw did not start; see ${dir}/log/client.rgw.log`);
      rgwPort = await freePort();
      writeConf();
    }
  };
  const stopGateway = async () => {
    const g = gateway;
    if (!g) return;
    gateway = null;
    g.kill("SIGKILL");
    await g.exited;
  };

  const close = async () => {
    await stopGateway();
    for (const d of daemons.reverse()) d.kill("SIGKILL");
    await Promise.all(daemons.map((d) => d.exited));
    rmSync(dir, { recursive: true, force: true });
  };

  const s3cfg = join(dir, "s3cfg");
  const createBucket = async (name: string) => {
    writeFileSync(
      s3cfg,
      `[default]\naccess_key = ${accessKeyId}\nsecret_key = ${secretAccessKey}\nhost_base = 127.0.0.1:${rgwPort}\nhost_bucket = 127.0.0.1:${rgwPort}\nuse_https = False\nsignature_v2 = False\nbucket_location = ${REGION}\n`,
    );
    must(["s3cmd", "-c", s3cfg, "mb", `s3://${name}`]);
  };

  try {
    writeConf();
    must(["monmaptool", "--create", "--add", "a", `v1:127.0.0.1:${monPort}`, "--fsid", fsid, join(dir, "monmap")]);
    must(["ceph-mon", "-c", conf, "--mkfs", "-i", "a", "--monmap", join(dir, "monmap")]);
    daemons.push(spawn(["ceph-mon", "-f", "-c", conf, "-i", "a"]));
    // The monitor takes a moment to form its quorum of one: until then `osd new` fails or times out.
    const osdUuid = randomUUID();
    for (let i = 0; ; i++) {
      const r = run(["ceph", "-c", conf, "--connect-timeout", "5", "osd", "new", osdUuid], 10_000);
      if (r.ok && r.out.trim() === "0") break;
      if (i > 60) throw new Error(`ceph osd new failed:\n${r.out}`);
      await Bun.sleep(250);
    }
    must(["ceph-osd", "-c", conf, "-i", "0", "--mkfs", "--osd-uuid", osdUuid], 60_000);
    // The OSD's first command to the monitor sometimes leaves before it knows the cluster's fsid ("wrong fsid"), and
    // then the OSD exits: start it again until the monitor counts it up.
    for (let i = 0; ; i++) {
      const osd = spawn(["ceph-osd", "-f", "-c", conf, "-i", "0"]);
      daemons.push(osd);
      if (await osdUp(conf, osd)) break;
      if (i >= 4) throw new Error(`ceph-osd did not start; see ${dir}/log/osd.0.log`);
    }
    await startGateway();
    must(["radosgw-admin", "-c", conf, "user", "create", "--uid=test", "--display-name=test", `--access-key=${accessKeyId}`, `--secret-key=${secretAccessKey}`]);
    for (const b of opts.buckets ?? ["uploads"]) await createBucket(b);
  } catch (e) {
    await close();
    throw e;
  }
  const buckets = opts.buckets ?? ["uploads"];
  return {
    get endpoint() {
      return endpoint();
    },
    region: REGION,
    accessKeyId,
    secretAccessKey,
    buckets,
    env: (bucket = buckets[0]!) => ({
      S3_ENDPOINT: endpoint(),
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_REGION: REGION,
    }),
    startSeconds: (performance.now() - started) / 1000,
    stopGateway,
    startGateway,
    createBucket,
    close,
  };
}
