import { describe, expect, it } from "vitest";
import {
  domainLines,
  formatDateLong,
  formatDateShort,
  formatDuration,
  formatPeriod,
  formatPeriodShort,
  plural,
  pluralWord,
  publicationLine,
  repeatsHtml,
  unreadSummary,
  themeTitle,
  truncate,
  excerptParts,
} from "./format";
import { eventDates, eventStatus } from "./event-time";

describe("French dates", () => {
  it("prints the long form in Dakar time", () => {
    expect(formatDateLong("2025-03-12T10:00:00Z")).toBe("12 mars 2025");
    expect(formatDateLong("2025-12-31T23:30:00Z")).toBe("31 décembre 2025");
    expect(formatDateLong("2025-10-01T08:00:00Z")).toBe("1er octobre 2025");
  });

  it("prints dd/mm/yyyy", () => {
    expect(formatDateShort("2025-03-02T10:00:00Z")).toBe("02/03/2025");
  });

  it("returns an empty string for a missing or invalid date", () => {
    expect(formatDateLong("")).toBe("");
    expect(formatDateLong("pas une date")).toBe("");
    expect(formatDateShort(null)).toBe("");
  });

  it("writes a multi-day period as Du … au …", () => {
    expect(formatPeriod("2025-03-12T00:00:00Z", "2025-03-14T00:00:00Z")).toBe("Du 12 mars 2025 au 14 mars 2025");
  });

  it("writes a single day with its hours", () => {
    expect(formatPeriod("2025-03-12T18:00:00Z", "2025-03-12T20:30:00Z")).toBe("Le 12 mars 2025, de 18\u00a0h\u00a000 à 20\u00a0h\u00a030");
    expect(formatPeriod("2025-03-12T00:00:00Z", "")).toBe("Le 12 mars 2025");
  });

  it("writes a compact period for tables", () => {
    expect(formatPeriodShort("2025-03-12T00:00:00Z", "2025-03-14T00:00:00Z")).toBe("12/03/2025 – 14/03/2025");
    expect(formatPeriodShort("2025-03-12T09:00:00Z", "2025-03-12T12:00:00Z")).toBe("12/03/2025");
  });
});

describe("plural", () => {
  it("keeps 0 and 1 singular as French does", () => {
    expect(plural(0, "article")).toBe("0 article");
    expect(plural(1, "article")).toBe("1 article");
    expect(plural(2, "article")).toBe("2 articles");
    expect(plural(1, "média")).toBe("1 média");
    expect(plural(3, "média")).toBe("3 médias");
    expect(plural(2, "événement")).toBe("2 événements");
  });

  it("gives the word alone for counts written apart", () => {
    expect(pluralWord(0, "administrateur")).toBe("administrateur");
    expect(pluralWord(2, "choisi")).toBe("choisis");
  });
});

describe("unreadSummary (issue 19 §3.17)", () => {
  it("never says « dont 0 non lu »", () => {
    expect(unreadSummary(1, 0)).toBe("1 message, lu");
    expect(unreadSummary(4, 0)).toBe("4 messages, tous lus");
  });

  it("says how many are unread with French plurals", () => {
    expect(unreadSummary(3, 1)).toBe("3 messages, dont 1 non lu");
    expect(unreadSummary(5, 2)).toBe("5 messages, dont 2 non lus");
    expect(unreadSummary(1, 1)).toBe("1 message, non lu");
    expect(unreadSummary(2, 2)).toBe("2 messages, non lus");
    expect(unreadSummary(0, 0)).toBe("0 message");
  });
});

describe("truncate (excerpts)", () => {
  it("leaves short text alone", () => {
    expect(truncate("Court", 50)).toBe("Court");
  });

  it("never exceeds the limit, ellipsis included", () => {
    const out = truncate("a".repeat(80), 50);
    expect(Array.from(out)).toHaveLength(50);
    expect(out.endsWith("…")).toBe(true);
  });

  it("cuts between two words, never inside one", () => {
    const text = "Les budgets participatifs des mairies du littoral accueillent chaque année plus de projets";
    const out = truncate(text, 40);
    expect(out).toBe("Les budgets participatifs des mairies…");
    expect(Array.from(out).length).toBeLessThanOrEqual(40);
    for (const max of [20, 33, 47, 60, 75]) {
      const cut = truncate(text, max).slice(0, -1);
      expect(text.startsWith(cut) && (text[cut.length] === " " || text[cut.length] === undefined), `${max}: ${cut}`).toBe(true);
    }
  });

  it("keeps a word that ends exactly at the limit", () => {
    expect(truncate("Gorée accueille les chercheurs", 16)).toBe("Gorée accueille…");
  });

  it("drops punctuation left before the ellipsis", () => {
    expect(truncate("Dakar, Gorée, Saint-Louis et Ziguinchor", 14)).toBe("Dakar, Gorée…");
  });

  it("cuts a single very long word where it must", () => {
    expect(truncate("Anticonstitutionnellement", 10)).toBe("Anticonst…");
  });

  it("counts accented characters once", () => {
    expect(truncate("é".repeat(10), 10)).toBe("é".repeat(10));
  });
});

describe("truncate and excerptParts read only the start of a long text", () => {
  // The whole-text versions they replaced: every result must stay the same.
  const flat = (text: string) => Array.from(text.replace(/\s+/g, " ").trim());
  const wholeTruncate = (text: string, max: number) => {
    const chars = flat(text);
    if (chars.length <= max) return chars.join("");
    const head = chars.slice(0, max - 1).join("");
    const space = head.lastIndexOf(" ");
    const wordCut = chars[max - 1] !== " " && space >= head.length * 0.5 ? head.slice(0, space) : head;
    return wordCut.replace(/[\s,;:.!?'’«(—–-]+$/u, "") + "…";
  };
  const wholeMore = (text: string, long: number) => flat(text).length > long;
  // Seeded, so that a failure can be replayed: long white space runs, pairs of code units and cuts near the limit.
  let seed = 31;
  const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
  const pieces = ["Gorée", "é", "𝒜", "😀", "\ud83d", "\ude00", " ", "  \n\t ", " ".repeat(300), "\n".repeat(90), ",", "…", "mot", "a".repeat(40)];
  const texts = Array.from({ length: 400 }, () => {
    const parts = Array.from({ length: random(120) }, () => pieces[random(pieces.length)]!);
    return parts.join(random(3) === 0 ? "" : " ");
  });

  // Texts whose first code units end right around where the start read stops (2 × limit + 64 units), with white
  // space or a pair of code units across that point.
  for (const max of [1, 10, 40]) {
    for (let units = 2 * max + 40; units <= 2 * max + 70; units++) {
      for (const head of ["a", "😀", " ", "a "]) {
        for (const tail of ["", " ", "   ", " x", "😀", "😀 x", "\n\n"]) {
          const start = head.repeat(Math.ceil(units / head.length)).slice(0, units);
          texts.push(start + tail, " ".repeat(units) + "a".repeat(max) + tail, "a".repeat(max - 1) + " ".repeat(units) + tail);
        }
      }
    }
  }

  it("gives what the whole text gives, for every limit", () => {
    for (const text of texts) {
      for (const max of [1, 2, 10, 40, 80, 160, 300]) {
        expect(truncate(text, max), JSON.stringify([text, max])).toBe(wholeTruncate(text, max));
        const parts = excerptParts(text, Math.max(1, max >> 1), max);
        expect(parts.more, JSON.stringify([text, max])).toBe(wholeMore(text, max));
        expect(parts.head + parts.rest + (parts.more ? "…" : "")).toBe(wholeTruncate(text, max));
      }
    }
  });
});

describe("excerptParts (a short excerpt for phones inside the long one)", () => {
  const text = "Depuis une dizaine d’années, plusieurs communes de la Petite-Côte et du Cap-Vert associent leurs habitants";

  it("splits between two words, the head no longer than the short limit", () => {
    const { head, rest, more } = excerptParts(text, 40, 80);
    expect(head).toBe("Depuis une dizaine d’années, plusieurs");
    expect(rest.startsWith(" communes")).toBe(true);
    expect(head + rest + "…").toBe(truncate(text, 80));
    expect(more).toBe(true);
  });

  it("has no rest and no ellipsis when the text is short", () => {
    expect(excerptParts("Court texte.", 40, 80)).toEqual({ head: "Court texte.", rest: "", more: false });
  });

  it("keeps a text that fits the long limit whole, split for phones", () => {
    const { head, rest, more } = excerptParts(text, 40, 200);
    expect(head + rest).toBe(text);
    expect(more).toBe(false);
  });
});

describe("domainLines", () => {
  it("breaks after each comma and before et", () => {
    expect(domainLines("Économie, droit et éthique")).toEqual(["Économie,", "droit", "et éthique"]);
  });

  it("does not break inside words that start with et", () => {
    expect(domainLines("Études et éthique")).toEqual(["Études", "et éthique"]);
    expect(domainLines("Histoire, ethnologie")).toEqual(["Histoire,", "ethnologie"]);
  });

  it("returns nothing for an empty domain", () => {
    expect(domainLines("")).toEqual([]);
  });
});

describe("small helpers", () => {
  it("formats durations", () => {
    expect(formatDuration(185)).toBe("3:05");
    expect(formatDuration(3723)).toBe("1:02:03");
    expect(formatDuration(null)).toBe("");
  });

  it("falls back from the theme name to its url, then to Thème", () => {
    expect(themeTitle("Culture", "culture")).toBe("Culture");
    expect(themeTitle("", "vie_publique")).toBe("vie publique");
    expect(themeTitle("", "")).toBe("Thème");
  });
});

describe("event timing", () => {
  const now = new Date("2025-03-13T12:00:00Z");

  it("says past when the end is before now", () => {
    expect(eventStatus("2025-03-10T00:00:00Z", "2025-03-11T00:00:00Z", now)).toBe("past");
  });

  it("says in progress when the start is not after now", () => {
    expect(eventStatus("2025-03-12T00:00:00Z", "2025-03-14T00:00:00Z", now)).toBe("ongoing");
  });

  it("says upcoming otherwise", () => {
    expect(eventStatus("2025-03-20T00:00:00Z", "2025-03-21T00:00:00Z", now)).toBe("upcoming");
  });

  it("reads older date field names and falls back to the start for the end", () => {
    expect(eventDates({ date_evenement: "2025-01-01" })).toEqual({ start: "2025-01-01", end: "2025-01-01" });
    expect(eventDates({ dateEvenement: "a", dateFinEvenement: "b" })).toEqual({ start: "a", end: "b" });
  });
});

describe("repeatsHtml", () => {
  it("spots a plain-text copy of the HTML body", () => {
    expect(repeatsHtml("Les îles & la mer.", "<p>Les îles &amp; <em>la</em>\n mer.</p><p>Suite</p>")).toBe(true);
  });

  it("ignores quotes, dashes and list markers of the plain copy", () => {
    expect(repeatsHtml("« Vite » – oui\n– non", "<blockquote>Vite</blockquote><ul><li>oui</li><li>non</li></ul>")).toBe(true);
  });

  it("keeps a text that says something else", () => {
    expect(repeatsHtml("Un résumé.", "<p>Le corps de l'article.</p>")).toBe(false);
    expect(repeatsHtml("", "<p>x</p>")).toBe(false);
  });
});

describe("publicationLine (issue 19 §3.12)", () => {
  it("says « Publié le » only for an approved item, and since when a pending one waits", () => {
    expect(publicationLine({ approved: true, createdAt: "2025-03-12T10:00:00Z" })).toBe("Publié le 12 mars 2025");
    expect(publicationLine({ approved: false, createdAt: "2025-03-01T10:00:00Z" })).toBe("En attente depuis le 1er mars 2025");
  });
});
