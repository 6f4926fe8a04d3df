import { t } from "elysia";
import { describe, expect, it } from "vitest";
import { formValues } from "./form-fields";

const Schema = t.Object({
  title: t.String({ pattern: "\\S", error: "Le titre est obligatoire." }),
  email: t.Optional(t.String({ format: "email", error: "L'adresse e-mail n'est pas valide." })),
  online: t.Optional(t.Boolean({ error: "L'état en ligne n'est pas valide." })),
  themes: t.Optional(t.Array(t.String(), { error: "Les thèmes ne sont pas valides." })),
  groups: t.Optional(t.Array(t.Union([t.Literal("a"), t.Literal("b")]), { maxItems: 2, error: "Deux groupes au plus." })),
  links: t.Optional(t.Object({ site: t.Optional(t.String({ maxLength: 5, error: "Lien trop long." })) })),
});

describe("form fields to typed values", () => {
  it("reads repeated fields, JSON list text and a single value as lists", () => {
    expect(formValues(Schema, { title: ["x"], themes: ["a", "b"] }).themes).toEqual(["a", "b"]);
    expect(formValues(Schema, { title: ["x"], themes: ['["a","b"]'] }).themes).toEqual(["a", "b"]);
    expect(formValues(Schema, { title: ["x"], themes: ["a"] }).themes).toEqual(["a"]);
  });

  it("reads flags and objects sent as text", () => {
    const v = formValues(Schema, { title: ["x"], online: ["false"], links: ['{"site":"abc"}'] });
    expect(v).toEqual({ title: "x", online: false, links: { site: "abc" } });
    expect(formValues(Schema, { title: ["x"], online: ["on"] }).online).toBe(true);
  });

  it("answers the French message of the first field that is wrong", () => {
    expect(() => formValues(Schema, { title: ["   "] })).toThrow("Le titre est obligatoire.");
    expect(() => formValues(Schema, {})).toThrow("Le titre est obligatoire.");
    expect(() => formValues(Schema, { title: ["x"], email: ["nope"] })).toThrow("L'adresse e-mail n'est pas valide.");
    expect(() => formValues(Schema, { title: ["x"], groups: ["a", "b", "a"] })).toThrow("Deux groupes au plus.");
    expect(() => formValues(Schema, { title: ["x"], groups: ["z"] })).toThrow("Deux groupes au plus.");
    expect(() => formValues(Schema, { title: ["x"], online: ["peut-être"] })).toThrow("L'état en ligne n'est pas valide.");
    expect(() => formValues(Schema, { title: ["x"], links: ['{"site":"trop long"}'] })).toThrow("Lien trop long.");
    expect(() => formValues(Schema, { title: ["x"], links: ["pas du json"] })).toThrow("Données invalides.");
  });

  it("refuses fields the schema does not name, at any depth, and a repeated field that is not a list", () => {
    expect(() => formValues(Schema, { title: ["x"], role: ["admin"] })).toThrow("Champ inconnu\u00a0: «\u00a0role\u00a0».");
    expect(() => formValues(Schema, { title: ["x"], links: ['{"site":"a","zzz":{}}'] })).toThrow("Champ inconnu\u00a0: «\u00a0zzz\u00a0».");
    // Names of Object's own members are names like any other.
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      const fields = Object.create(null) as Record<string, string[]>;
      Object.assign(fields, { title: ["x"] });
      fields[name] = ["1"];
      expect(() => formValues(Schema, fields)).toThrow(`Champ inconnu\u00a0: «\u00a0${name}\u00a0».`);
    }
    expect(() => formValues(Schema, { title: ["x", "y"] })).toThrow("Le titre est obligatoire.");
    expect(() => formValues(Schema, { title: ["x"], online: ["true", "false"] })).toThrow("L'état en ligne n'est pas valide.");
  });
});
