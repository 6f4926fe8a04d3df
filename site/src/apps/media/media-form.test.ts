import { describe, expect, it } from "vitest";
import type { Media } from "../../../../api/contract";
import { acceptOf, cleanTags, draftOf, fileProblem, fileRequired, mediaErrors, mediaFormData, storedFileText } from "./media-form";

const audio: Media = {
  _id: "m1",
  title: "Chant des piroguiers",
  url: "chant-des-piroguiers",
  type: "audio",
  description: "Un chant enregistré au port.",
  txt_content: "",
  html_content: "",
  path: "/uploads/media/abc.mp3",
  externalUrl: "",
  thumbnail: null,
  duration: null,
  tags: ["chant", "port"],
  createdAt: "2025-03-12T10:00:00.000Z",
  uploadedBy: null,
  approved: false,
  online: true,
};

const file = (name: string, type: string) => new File(["x"], name, { type });

describe("media form rules", () => {
  it("asks for title, type and description with the spec's messages", () => {
    expect(mediaErrors(draftOf(null), null)).toEqual({
      title: "Le titre est obligatoire",
      type: "Le type de média est obligatoire",
      description: "La description est obligatoire",
    });
    const long = { ...draftOf(audio), title: "t".repeat(201), description: "d".repeat(1001) };
    expect(mediaErrors(long, audio)).toEqual({
      title: "Le titre est trop long (max 200 caractères)",
      description: "La description est trop longue (max 1000 caractères)",
    });
  });

  it("needs an http(s) address for links and external resources", () => {
    const d = { ...draftOf(null), title: "Site", description: "Un site.", type: "link" as const };
    expect(mediaErrors(d, null).externalUrl).toBe("L'URL est obligatoire pour une ressource externe");
    expect(mediaErrors({ ...d, externalUrl: "javascript:alert(1)" }, null).externalUrl).toBe("L'URL n'est pas valide");
    expect(mediaErrors({ ...d, type: "external", externalUrl: "https://example.org/x" }, null)).toEqual({});
  });

  it("requires a file on create only, and again when the type changes", () => {
    const d = { ...draftOf(audio) };
    expect(mediaErrors({ ...d }, null).file).toBe("Un fichier est obligatoire");
    expect(mediaErrors(d, audio)).toEqual({});
    expect(fileRequired({ ...d, type: "video" }, audio)).toBe(true);
    expect(mediaErrors({ ...d, file: file("chant.wav", "audio/wav") }, null)).toEqual({});
  });

  it("accepts the spec's formats of the chosen type only", () => {
    expect(fileProblem("audio", file("a.MP3", ""))).toBeNull();
    expect(fileProblem("audio", file("enregistrement", "audio/ogg"))).toBeNull();
    expect(fileProblem("audio", file("photo.png", "image/png"))).toBe("Format de fichier non supporté (MP3, WAV, OGG).");
    expect(fileProblem("image", file("anim.gif", "image/gif"))).toBeNull();
    expect(acceptOf("pdf")).toBe(".pdf,application/pdf");
  });

  it("sends the address for links and the file for file types, tags cleaned", () => {
    const link = mediaFormData({ ...draftOf(null), title: " Site ", type: "link", description: "d", externalUrl: "https://x.org", tags: "a, ,b,a" });
    expect(link.get("title")).toBe("Site");
    expect(link.get("externalUrl")).toBe("https://x.org");
    expect(link.get("tags")).toBe("a, b");
    expect(link.has("file")).toBe(false);
    const withFile = mediaFormData({ ...draftOf(audio), externalUrl: "https://ignored", file: file("c.wav", "audio/wav") });
    expect(withFile.has("externalUrl")).toBe(false);
    expect((withFile.get("file") as File).name).toBe("c.wav");
    expect(cleanTags("")).toBe("");
  });
});

describe("the stored file in the edit form (issue 19 §3.15)", () => {
  it("names it as its uploader did, with its format and size, never by the generated name", () => {
    const text = storedFileText({ ...audio, file: { name: "Chant du port.mp3", mime: "audio/mpeg", size: 1_258_291 } });
    expect(text).toEqual({ name: "Chant du port.mp3", details: "MP3, 1,2 Mo" });
    expect(JSON.stringify(text)).not.toContain("abc");
  });

  it("says « Fichier MP3 » for a file kept before names were recorded, and nothing for a link", () => {
    expect(storedFileText({ ...audio, file: null })).toEqual({ name: "Fichier MP3", details: "MP3" });
    expect(storedFileText({ path: "", file: null })).toBeNull();
  });
});
