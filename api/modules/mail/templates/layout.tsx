/**
 * The HTML part of every message: one column at most 600 px wide that narrows on a phone, tables only for layout
 * (role="presentation", so screen readers read the text, not a grid), inline styles (mail apps drop <style>
 * more often than not), real headings and paragraphs, French (`lang="fr"`). No image but the newsletter's
 * pictures (« stories »: the same address for every reader, so no tracker; docs/DECISIONS.md, « Newsletter
 * pictures »); the site's name is text.
 */
import type { CSSProperties, ReactNode } from "react";
import { absoluteHref, type MailBlock, type MailContent, type MailSite } from "./content";

const INK = "#1d2733";
const OCEAN = "#0f3b57";
const SAND = "#fbf8f2";
const MUTED = "#4a5563";
const FONT = "Georgia, 'Times New Roman', serif";
const SANS = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const text: CSSProperties = { margin: "0 0 16px", fontFamily: SANS, fontSize: "16px", lineHeight: "1.6", color: INK };

/** Keeps the text's own line breaks. */
function Lines({ value }: { value: string }): ReactNode {
  const lines = value.split("\n");
  return lines.map((line, i) => (
    <span key={i}>
      {i > 0 && <br />}
      {line}
    </span>
  ));
}

function Block({ block, site }: { block: MailBlock; site: MailSite }): ReactNode {
  switch (block.type) {
    case "paragraph":
      return (
        <p style={text}>
          <Lines value={block.text} />
        </p>
      );
    case "note":
      return (
        <p style={{ ...text, fontSize: "14px", color: MUTED }}>
          <Lines value={block.text} />
        </p>
      );
    case "button":
      // A link drawn as a button (a table cell keeps its colour in the apps that ignore padding on links).
      return (
        <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: "8px 0 24px" }}>
          <tbody>
            <tr>
              <td style={{ background: OCEAN, borderRadius: "6px" }}>
                <a
                  href={absoluteHref(site, block.link.href)}
                  style={{ display: "inline-block", padding: "12px 24px", fontFamily: SANS, fontSize: "16px", fontWeight: 700, color: "#ffffff", textDecoration: "none" }}
                >
                  {block.link.label}
                </a>
              </td>
            </tr>
          </tbody>
        </table>
      );
    case "stories":
      return <Stories block={block} site={site} />;
    case "items":
      return (
        <ul style={{ margin: "0 0 16px", padding: "0 0 0 20px" }}>
          {block.items.map((item, i) => (
            <li key={i} style={{ ...text, margin: "0 0 12px" }}>
              <a href={absoluteHref(site, item.href)} style={{ color: OCEAN, fontWeight: 700 }}>
                {item.title}
              </a>
              {item.text && (
                <>
                  <br />
                  <span style={{ color: MUTED }}>{item.text}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      );
  }
}

/** The mail's column is 600 px with 24 px of padding each side: pictures are shown at most this wide. */
const COLUMN = 552;

/**
 * A section of a letter. Pictures carry width and height (the layout does not jump while they load, and apps
 * that block pictures keep a box of the right size with the alt text in it) and shrink with the column on a
 * phone (max-width 100 %, height auto); the title is a real link, the picture repeats it for thumbs.
 */
function Stories({ block, site }: { block: Extract<MailBlock, { type: "stories" }>; site: MailSite }): ReactNode {
  return (
    <>
      <h2 style={{ margin: "24px 0 12px", fontFamily: FONT, fontSize: "20px", lineHeight: "1.3", color: OCEAN, borderBottom: "1px solid #e8dcc4", paddingBottom: "4px" }}>{block.heading}</h2>
      {block.items.map((story, i) => {
        const href = absoluteHref(site, story.href);
        const pic = story.picture;
        const width = pic ? Math.min(COLUMN, pic.width) : 0;
        const height = pic ? Math.round((pic.height * width) / pic.width) : 0;
        return (
          <table key={i} role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: "0 0 24px" }}>
            <tbody>
              {pic && (
                <tr>
                  <td style={{ padding: "0 0 12px" }}>
                    <a href={href}>
                      <img
                        src={absoluteHref(site, pic.src)}
                        width={width}
                        height={height}
                        alt={pic.alt}
                        style={{ display: "block", width: "100%", maxWidth: `${width}px`, height: "auto", border: 0, background: SAND, color: INK, fontFamily: SANS, fontSize: "14px" }}
                      />
                    </a>
                  </td>
                </tr>
              )}
              <tr>
                <td>
                  <h3 style={{ margin: "0 0 4px", fontFamily: FONT, fontSize: "18px", lineHeight: "1.35" }}>
                    <a href={href} style={{ color: OCEAN, textDecoration: "none" }}>
                      {story.title}
                    </a>
                  </h3>
                  {story.when && <p style={{ ...text, margin: "0 0 4px", fontSize: "14px", fontWeight: 700, color: MUTED }}>{story.when}</p>}
                  {story.text && <p style={{ ...text, margin: "0 0 8px" }}>{story.text}</p>}
                  <p style={{ ...text, margin: 0 }}>
                    <a href={href} style={{ color: OCEAN, fontWeight: 700 }}>
                      {story.more}
                    </a>
                  </p>
                </td>
              </tr>
            </tbody>
          </table>
        );
      })}
    </>
  );
}

export function MailLayout({ content, site }: { content: MailContent; site: MailSite }) {
  const siteLink = absoluteHref(site, "/");
  return (
    <html lang="fr" dir="ltr">
      <head>
        <meta httpEquiv="Content-Type" content="text/html; charset=utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{content.subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: SAND }}>
        {content.preview && (
          <div style={{ display: "none", maxHeight: 0, overflow: "hidden", fontSize: "1px", lineHeight: "1px", color: SAND }}>{content.preview}</div>
        )}
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ background: SAND }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 12px" }}>
                <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ maxWidth: "600px", background: "#ffffff", borderTop: `6px solid ${OCEAN}` }}>
                  <tbody>
                    <tr>
                      <td style={{ padding: "24px 24px 0" }}>
                        <p style={{ margin: 0, fontFamily: FONT, fontSize: "20px", fontWeight: 700 }}>
                          <a href={siteLink} style={{ color: OCEAN, textDecoration: "none" }}>
                            {site.name}
                          </a>
                        </p>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "16px 24px 8px" }}>
                        <h1 style={{ margin: "0 0 16px", fontFamily: FONT, fontSize: "24px", lineHeight: "1.3", color: INK }}>{content.heading}</h1>
                        {content.blocks.map((block, i) => (
                          <Block key={i} block={block} site={site} />
                        ))}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "16px 24px 24px", borderTop: "1px solid #e8dcc4" }}>
                        {content.footer?.text && <p style={{ ...text, fontSize: "14px", color: MUTED }}>{content.footer.text}</p>}
                        {content.footer?.links?.map((link, i) => (
                          <p key={i} style={{ ...text, margin: "0 0 8px", fontSize: "14px" }}>
                            <a href={absoluteHref(site, link.href)} style={{ color: OCEAN }}>
                              {link.label}
                            </a>
                          </p>
                        ))}
                        <p style={{ ...text, margin: "8px 0 0", fontSize: "14px", color: MUTED }}>
                          {site.name} · {site.place}
                          <br />
                          <a href={siteLink} style={{ color: OCEAN }}>
                            {siteLink.replace(/^https?:\/\//, "").replace(/\/$/, "")}
                          </a>
                        </p>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}
