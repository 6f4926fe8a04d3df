import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../../db/schema";
import { makeUser } from "../../testing/factory";
import { googleHarness, googleSignIn } from "./google-test-kit";

/**
 * Issue 30 §2: the Google link is a way into the account, and the owner is told of every new way in. The link is
 * made at the first Google sign-in whose verified e-mail is the member's (no route makes it from a session): that
 * sign-in mails the account's address once; later sign-ins with the same Google account do not.
 */
describe("the security mail of a new Google link", () => {
  let g: Awaited<ReturnType<typeof googleHarness>>;
  beforeAll(async () => {
    g = await googleHarness();
  });
  afterAll(() => g.stop());

  it("mails the owner when a first Google sign-in links their account, and not at the next sign-ins", async () => {
    const db = g.h.database.db;
    const member = await makeUser(db, { nickname: "ousmane-google", email: "ousmane@example.sn" });
    const told = async () =>
      (await db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, "security"), eq(mailOutbox.toAddress, member.email)))).map((m) => m.text);
    expect(await told()).toEqual([]);
    g.as({ email: member.email, sub: "sub-ousmane" });
    const first = await googleSignIn(g.h);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const mails = await told();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.replace(/\u00a0/g, " ")).toMatch(/Un compte Google \(ousmane@example\.sn\) a été associé à votre compte/);
    expect(mails[0]).toMatch(/heure de Dakar/);
    expect(mails[0]).toContain("/mot-de-passe-oublie");
    const again = await googleSignIn(g.h);
    expect(again.status).toBe(200);
    expect(await told()).toHaveLength(1);
  });
});
