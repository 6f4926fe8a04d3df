import { Elysia } from "elysia";
import { describe, expect, it } from "vitest";
import type { Deps } from "../deps";
import type { Change } from "../lib/change";
import { rebuildPlugin } from "./rebuild";

function appSeeing(seen: Change[]) {
  const deps = {
    contentChanged: async (c?: Change) => {
      if (c) seen.push(c);
      return { id: "", ok: true, startedAt: "", finishedAt: "", durationMs: 0, log: "" };
    },
  } as unknown as Deps;
  return new Elysia()
    .use(rebuildPlugin(deps))
    .put("/things/:id", ({ params }) => ({ _id: params.id }), { rebuild: "article" })
    .post("/things", () => ({ _id: "new-one" }), { rebuild: "media" })
    .post("/quiet", () => ({ _id: "x" }), { rebuild: () => null })
    .post("/broken", (): { _id: string } => {
      throw new Error("refused");
    }, { rebuild: "media" });
}

describe("rebuild route option", () => {
  it("asks for a rebuild after a successful write, naming the item from the params or the answer", async () => {
    const seen: Change[] = [];
    const app = appSeeing(seen);
    await app.handle(new Request("http://localhost/things/42", { method: "PUT" }));
    await app.handle(new Request("http://localhost/things", { method: "POST" }));
    expect(seen).toEqual([
      { kind: "article", id: "42" },
      { kind: "media", id: "new-one" },
    ]);
  });

  it("does not rebuild when the write fails or when the route says nothing public changed", async () => {
    const seen: Change[] = [];
    const app = appSeeing(seen);
    expect((await app.handle(new Request("http://localhost/broken", { method: "POST" }))).status).toBe(500);
    await app.handle(new Request("http://localhost/quiet", { method: "POST" }));
    expect(seen).toEqual([]);
  });
});
