import { expect, test } from "@playwright/test";
import { ADMIN, apiToken, appViolations, openSignedIn, tag } from "./support/apps";

/**
 * Bulk circle changes on /admin/users (issue 19 §1): two members found by a search are ticked with the keyboard,
 * put in the Bureau in one action after one confirmation naming the count, then every member matching the search
 * leaves it again. At 1280 px and on a 375 px phone; no serious axe violation with the bar open.
 */
for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
]) {
  test.describe(`member bulk actions at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("two members join the Bureau, then every matching member leaves it", async ({ page, request }) => {
      test.setTimeout(120_000);
      const headers = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
      const word = `Lot${tag()}`;
      const people = ["Aminata", "Babacar", "Coumba"].map((firstname) => ({ firstname, name: word }));
      const ids: string[] = [];
      for (const p of people) {
        const nick = `${p.firstname}-${word}`.toLowerCase();
        const res = await request.post("/api/admin/register", { headers, data: { ...p, nickname: nick, email: `${nick}@example.sn`, password: "Lot-Membre-2026!" } });
        expect(res.status(), await res.text()).toBe(201);
        ids.push(((await res.json()) as { _id: string })._id);
      }
      const groupsOf = async (id: string) => {
        const list = (await (await request.get(`/api/admin/users?page=1&pageSize=25&q=${word}`, { headers })).json()) as { items: { _id: string; groups: string[] }[] };
        return list.items.find((u) => u._id === id)?.groups;
      };
      try {
        await openSignedIn(page, ADMIN, `/admin/users?q=${word}&role=user`);
        const members = page.getByRole("table", { name: /^Membres \(\d+\)$/ });
        await expect(members.locator("tbody tr")).toHaveCount(3);

        for (const p of people.slice(0, 2)) {
          const box = page.getByRole("checkbox", { name: `Sélectionner\u00a0: ${p.firstname} ${p.name}` });
          await box.focus();
          await page.keyboard.press("Space");
          await expect(box).toBeChecked();
        }
        await expect(page.getByText("2 membres sélectionnés")).toBeVisible();
        await page.getByLabel("Action", { exact: true }).selectOption("group-add");
        // Without a group, the bar says what is missing and nothing is asked.
        await page.getByRole("button", { name: "Appliquer" }).click();
        await expect(page.getByRole("alert").getByText("Choisissez le groupe.")).toBeVisible();
        await page.getByLabel("Groupe concerné").selectOption("bureau");
        expect(await appViolations(page), "the member list with the bulk bar").toEqual([]);
        await page.getByRole("button", { name: "Appliquer" }).click();
        await page.getByRole("alertdialog", { name: /^Ajouter 2 membres au groupe choisi\s\?$/ }).getByRole("button", { name: "Ajouter à un groupe" }).click();
        await expect(page.getByRole("status").getByText("2 membres ajoutés au groupe Bureau.")).toBeVisible();
        await expect(members.getByRole("row").filter({ hasText: "Aminata" })).toContainText("Bureau");
        expect(await groupsOf(ids[0]!)).toEqual(["bureau"]);
        expect(await groupsOf(ids[1]!)).toEqual(["bureau"]);
        expect(await groupsOf(ids[2]!)).toEqual([]);

        // Every member matching the search leaves it (the page holds them all: « Tout sélectionner »).
        await page.getByLabel("Tout sélectionner").check();
        await expect(page.getByText("3 membres sélectionnés")).toBeVisible();
        await page.getByLabel("Action", { exact: true }).selectOption("group-remove");
        await page.getByLabel("Groupe concerné").selectOption("bureau");
        await page.getByRole("button", { name: "Appliquer" }).click();
        await page.getByRole("alertdialog", { name: /^Retirer 3 membres du groupe choisi\s\?$/ }).getByRole("button", { name: "Retirer d'un groupe" }).click();
        await expect(page.getByRole("status").getByText("2 membres retirés du groupe Bureau.")).toBeVisible();
        for (const id of ids) expect(await groupsOf(id)).toEqual([]);
      } finally {
        for (const id of ids) await request.delete(`/api/admin/users/${id}`, { headers });
      }
    });
  });
}
