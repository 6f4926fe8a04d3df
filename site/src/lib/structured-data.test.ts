import { describe, expect, it } from "vitest";
import type { Article, Event, PublicMember } from "../../../api/contract";
import { articleLd, eventLd, organizationLd, personLd, serializeJsonLd, zonedDateTime } from "./structured-data";

const origin = new URL("https://institut.example");
const person = { _id: "a1", firstname: "Aïssatou", name: "Ndiaye", nickname: "andiaye", profilePic: null };

const article: Article = {
  _id: "0123456789abcdef01234567",
  title: "L'érosion côtière à Saint-Louis",
  url: "l-erosion-cotiere",
  articlePic: "pic.jpg",
  themes: [{ _id: "t1", name: "Environnement et océans", url: "environnement" }],
  authors: [person],
  keywords: ["littoral", "climat"],
  createdAt: "2026-03-01T10:15:00.000Z",
  txt_content: "Le trait de côte recule.",
  html_content: "<p>Le trait de côte recule.</p>",
  media: [],
  approved: true,
  online: true,
  draft: false,
  version: 1,
  pendingEdit: false,
  publishAt: null,
};

const event: Event = {
  _id: "e1",
  title: "Conférence en ligne",
  url: "conference",
  location: "En ligne",
  startDate: "2026-12-06T15:00:00.000Z",
  endDate: "2026-12-06T17:00:00.000Z",
  txt_content: "",
  html_content: "",
  keywords: [],
  organizers: [person],
  themes: [],
  online: true,
  createdAt: "2026-10-01T08:00:00.000Z",
  registration: { open: false, audience: "everyone", capacity: null, closesAt: null, question: "" },
};

describe("structured data", () => {
  it("writes Dakar times with their offset, and other zones with theirs", () => {
    expect(zonedDateTime("2026-12-06T18:30:00.000Z")).toBe("2026-12-06T18:30:00+00:00");
    expect(zonedDateTime("2026-07-01T10:00:00.000Z", "Europe/Paris")).toBe("2026-07-01T12:00:00+02:00");
  });

  it("cannot be closed early by text containing </script>", () => {
    const out = serializeJsonLd({ name: "</script><script>alert(1)</script>" });
    expect(out).not.toContain("</script>");
    expect(JSON.parse(out).name).toBe("</script><script>alert(1)</script>");
  });

  it("describes the organisation with absolute URLs", () => {
    const org = organizationLd(origin);
    expect(org["@type"]).toBe("Organization");
    expect(org.url).toBe("https://institut.example/");
    expect(org.logo).toBe("https://institut.example/logo.svg");
  });

  it("describes an article with its authors, picture, date and keywords", () => {
    const ld = articleLd(article, origin);
    expect(ld).toMatchObject({
      "@type": "ScholarlyArticle",
      headline: article.title,
      url: "https://institut.example/article/l-erosion-cotiere",
      datePublished: "2026-03-01T10:15:00+00:00",
      author: [{ "@type": "Person", name: "Aïssatou Ndiaye", givenName: "Aïssatou", familyName: "Ndiaye", url: "https://institut.example/user/andiaye" }],
      image: ["https://institut.example/uploads/article_pics/pic.jpg"],
      keywords: "littoral, climat",
    });
    expect(articleLd({ ...article, articlePic: null, keywords: [] }, origin)).not.toHaveProperty("image");
    expect(ld).not.toHaveProperty("encoding");
  });

  it("points a scholarly article at its PDF when it has one", () => {
    const pdf = "https://institut.example/uploads/media/etude.pdf";
    expect(articleLd(article, origin, pdf).encoding).toEqual({ "@type": "MediaObject", contentUrl: pdf, encodingFormat: "application/pdf" });
  });

  it("places an online event in a VirtualLocation and others in a Place", () => {
    const online = eventLd(event, origin);
    expect(online).toMatchObject({
      "@type": "Event",
      startDate: "2026-12-06T15:00:00+00:00",
      endDate: "2026-12-06T17:00:00+00:00",
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode",
      location: { "@type": "VirtualLocation", url: "https://institut.example/event/conference" },
    });
    expect(eventLd({ ...event, location: "Gorée" }, origin).location).toEqual({
      "@type": "Place",
      name: "Gorée",
      address: "Gorée",
    });
    expect(eventLd({ ...event, location: "" }, origin)).not.toHaveProperty("location");
  });

  it("never ends an event before it starts", () => {
    const ld = eventLd({ ...event, endDate: "2026-12-01T00:00:00.000Z" }, origin);
    expect(ld.endDate).toBe(ld.startDate);
  });

  it("describes a member with only http(s) profile links", () => {
    const member: PublicMember = {
      ...person,
      fullname: "Aïssatou_Ndiaye",
      domain: "Communication",
      biography: "",
      groups: [],
      profilePic: "andiaye.jpg",
      socialLinks: {
        linkedin: "https://www.linkedin.com/in/x",
        twitter: "javascript:alert(1)",
        website: "",
        facebook: "",
        instagram: "",
        youtube: "",
        other: "",
      },
    };
    const ld = personLd(member, origin, "/cercle-impulsion/A%C3%AFssatou_Ndiaye");
    expect(ld).toMatchObject({
      "@type": "Person",
      name: "Aïssatou Ndiaye",
      url: "https://institut.example/cercle-impulsion/A%C3%AFssatou_Ndiaye",
      image: "https://institut.example/uploads/profile_pics/andiaye.jpg",
      sameAs: ["https://www.linkedin.com/in/x"],
    });
    expect(ld).not.toHaveProperty("description");
  });
});
