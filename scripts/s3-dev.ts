/**
 * Starts a one-host S3 server (Ceph's RADOS Gateway, see api/testing/s3-server.ts) by hand, for benches and for
 * trying the app on a bucket: prints the S3_* variables to export, then runs until Ctrl-C, which stops every
 * daemon and removes its data.
 *
 *   bun scripts/s3-dev.ts [bucket…]        (default: one bucket named "uploads")
 */
import { startTestS3 } from "../api/testing/s3-server";

const buckets = process.argv.slice(2);
const s3 = await startTestS3(buckets.length ? { buckets } : {});
console.log(`# S3 gateway up in ${s3.startSeconds.toFixed(1)} s; buckets: ${s3.buckets.join(", ")}`);
for (const [k, v] of Object.entries(s3.env())) console.log(`export ${k}=${v}`);
console.log("# Ctrl-C stops it and removes its data.");
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await s3.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
await new Promise(() => {});
