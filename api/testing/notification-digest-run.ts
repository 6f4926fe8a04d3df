/**
 * Test helper, not part of the product: one round of the notification digest job in a process of its own, on the
 * database file and at the time given, printing its report as JSON. Lets a test run digest jobs in several
 * processes at once, as several API processes on one database would (issue 24).
 *
 *   bun api/testing/notification-digest-run.ts <database file> <time in ms>
 */
import { openDatabase } from "../../db/client";
import { readEnv } from "../env";
import { createNotificationDigest } from "../modules/notifications/digest";

const [file, time] = process.argv.slice(2);
const database = await openDatabase(`file:${file}`);
const env = readEnv({ ...process.env, DATABASE_URL: `file:${file}`, SITE_BUILD: "off" });
const report = await createNotificationDigest({ db: database.db, env, now: () => new Date(Number(time)) }).runOnce();
console.log(JSON.stringify(report));
database.close();
