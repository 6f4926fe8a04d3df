import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../db/schema";
import { createSession } from "../../lib/session";
import { makeUser } from "../../testing/factory";
import { createHarness, type Harness } from "../../testing/harness";
import { ownerPresenceOf } from "../owner-present";
import { deleteUser, updateUser } from "./service";

// Through the API an admin can only reach the last admin by acting on themself, which is refused earlier; the
// service's own guard (inside the SQL statement) is what protects against two admins acting at the same time.
describe("the last admin", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.close());

  it("cannot be demoted nor deleted, whoever asks", async () => {
    const db = h.database.db;
    const only = await makeUser(db, { nickname: "unique", role: "admin" });
    const [other] = await db.select().from(users).where(eq(users.id, (await makeUser(db, { nickname: "quelquun" })).id));
    const { session } = await createSession(db, other!.id);
    const form = { firstname: only.firstname, name: only.name, nickname: only.nickname, email: only.email, role: "user" as const };
    await expect(updateUser(db, { user: other!, session }, only.id, form, ownerPresenceOf(h.deps))).rejects.toMatchObject({
      status: 409,
      message: "Impossible de retirer son rôle au dernier administrateur.",
    });
    await expect(deleteUser(db, other!, only.id)).rejects.toMatchObject({ status: 409, message: "Impossible de supprimer le dernier administrateur." });
  });
});
