import { describe, expect, it } from "vitest";
import { readListState, writeListState } from "../ui/list-state";
import { countLabel, heldText, MAIL_LIST, previewDocument, recipientText, stateBadge, stateText } from "./mail-list";

describe("the « Courriels » list", () => {
  it("keeps its state filter in the address", () => {
    const state = readListState("?state=failed&page=2", MAIL_LIST);
    expect(state).toMatchObject({ page: 2, sort: "recent", dir: "desc", filters: { state: "failed" } });
    expect(writeListState("", { ...state, page: 1 }, MAIL_LIST)).toBe("?state=failed");
  });

  it("speaks French", () => {
    expect([0, 1, 1234].map(countLabel)).toEqual(["Aucun courriel", "1 courriel", "1\u202f234 courriels"]);
    expect(stateText("failed")).toBe("En échec");
    expect(stateBadge("pending")).toBe("badge badge-warn");
    expect(recipientText({ to: "awa@example.sn", toName: "Awa Ndiaye" })).toBe("Awa Ndiaye <awa@example.sn>");
    expect(recipientText({ to: "awa@example.sn", toName: "" })).toBe("awa@example.sn");
    expect(stateText("held")).toBe("Suspendu");
  });

  it("counts what a restore held back, in French", () => {
    expect(heldText({ messages: 6, issues: 1 })).toMatch(/^Envois suspendus après une restauration\u00a0: 6 courriels et 1 numéro de la lettre attendent\. /);
    expect(heldText({ messages: 1, issues: 0 })).toMatch(/\u00a0: 1 courriel attend\. /);
    expect(heldText({ messages: 0, issues: 2 })).toMatch(/\u00a0: 2 numéros de la lettre attendent\. /);
  });

  it("shows a message in a document that may load nothing, its subject escaped", () => {
    const doc = previewDocument('Essai <b>"gras"</b>', "<p>Bonjour</p>");
    expect(doc).toContain("<title>Essai &lt;b&gt;&quot;gras&quot;&lt;/b&gt;</title>");
    expect(doc).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(doc).toContain('<html lang="fr">');
    expect(doc).toContain("<p>Bonjour</p></body>");
  });
});
