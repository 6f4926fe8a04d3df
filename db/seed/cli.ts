/**
 * Seeds from the command line, in its own process: the server runs this at start so that sharp (libvips), needed
 * only to generate the demo pictures, never weighs on the server's memory.
 * Usage: DATABASE_URL=… [DATABASE_AUTH_TOKEN=…] bun db/seed/cli.ts demo <uploadsDir>
 *        DATABASE_URL=… ADMIN_NICKNAME=… ADMIN_PASSWORD=… bun db/seed/cli.ts none
 */
import { openDatabase } from "../client";
import { seedDemo, seedFirstAdmin } from "./index";

const [mode, uploadsDir] = process.argv.slice(2);
const url = process.env.DATABASE_URL;
if (!url || (mode !== "demo" && mode !== "none") || (mode === "demo" && !uploadsDir)) {
  console.error("usage: DATABASE_URL=… bun db/seed/cli.ts demo <uploadsDir> | none");
  process.exit(2);
}
const database = await openDatabase(url, process.env.DATABASE_AUTH_TOKEN);
const { seeded } =
  mode === "demo"
    ? await seedDemo(database, uploadsDir!)
    : await seedFirstAdmin(database, process.env.ADMIN_NICKNAME ?? "", process.env.ADMIN_PASSWORD ?? "");
database.close();
if (seeded) console.log(mode === "demo" ? "Demo content seeded (accounts: admin / membre, see README)." : "First administrator created.");
