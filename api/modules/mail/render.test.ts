import { describe, expect, it } from "vitest";
import { readEnv } from "../../env";
import { renderMail } from "./render";
import type { MailContent } from "./templates/content";
import { testMailContent } from "./templates/test-mail";

const env = readEnv({ PUBLIC_URL: "https://institut.example.sn", MAIL_FROM: "L'Institut <contact@institut.example.sn>" });

const content: MailContent = {
  subject: "Nouveautés",
  preview: "Deux articles",
  heading: "Nouveautés <du mois>",
  blocks: [
    { type: "paragraph", text: "Bonjour,\nvoici <script>alert(1)</script> les nouveautés." },
    { type: "items", items: [{ title: "Un article", href: "/article/un-article", text: "Son résumé" }] },
    { type: "button", link: { label: "Tout lire", href: "/articles" } },
    { type: "note", text: "Une petite note." },
  ],
  footer: { text: "Vous recevez ce message parce que…", links: [{ label: "Mes notifications", href: "/user/profile#notifications" }] },
};

describe("mail templates", () => {
  it("gives an HTML part for phones and screen readers: French, a viewport, presentation tables, one h1, no image nor script", () => {
    const { html } = renderMail(env, content);
    expect(html.startsWith("<!DOCTYPE html><html lang=\"fr\" dir=\"ltr\">")).toBe(true);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toContain("<title>Nouveautés</title>");
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html.match(/<table/g)?.length).toBe(html.match(/<table role="presentation"/g)?.length);
    expect(html).not.toMatch(/<img|<script|<link|<iframe|src=|url\(/i);
    // What people typed is text, never markup.
    expect(html).toContain("voici &lt;script&gt;alert(1)&lt;/script&gt; les nouveautés.");
    expect(html).toContain("Nouveautés &lt;du mois&gt;");
  });

  it("links only to absolute addresses of the site and names the site and where it is, in both parts", () => {
    const { html, text } = renderMail(env, content);
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs.length).toBeGreaterThan(3);
    for (const href of hrefs) expect(href).toMatch(/^https:\/\/institut\.example\.sn\//);
    expect(html).toContain("L&#x27;Institut · Île de Gorée, Sénégal");
    expect(text).toContain("L'Institut · Île de Gorée, Sénégal");
    for (const part of [html, text]) {
      expect(part).toContain("Île de Gorée, Sénégal");
      expect(part).toContain("institut.example.sn");
    }
    expect(text).toContain("- Un article\n  Son résumé\n  https://institut.example.sn/article/un-article");
    expect(text).toContain("Tout lire\u00a0: https://institut.example.sn/articles");
    expect(text).toContain("Mes notifications\u00a0: https://institut.example.sn/user/profile#notifications");
    expect(text).toContain("Bonjour,\nvoici <script>alert(1)</script> les nouveautés.");
  });

  it("refuses a link that is not http(s) or mailto", () => {
    expect(() => renderMail(env, { ...content, blocks: [{ type: "button", link: { label: "x", href: "javascript:alert(1)" } }] })).toThrow(/scheme/);
  });

  it("writes the test message in French", () => {
    const { subject, text } = renderMail(env, testMailContent({ firstname: "Awa" }, "L'Institut"));
    expect(subject).toBe("Courriel de test");
    expect(text).toContain("Bonjour Awa,");
    expect(text).toContain("«\u00a0Courriels\u00a0»");
  });
});
