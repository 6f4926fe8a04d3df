import { describe, expect, it } from "vitest";
import { smtpOptions } from "./transport";

describe("SMTP_URL to nodemailer's options", () => {
  it("connects in clear with STARTTLS when offered for smtp://, with TLS from the start for smtps://", () => {
    expect(smtpOptions("smtp://mail.example.sn")).toMatchObject({ host: "mail.example.sn", port: 587, secure: false, auth: undefined });
    expect(smtpOptions("smtp://mail.example.sn")).not.toHaveProperty("ignoreTLS");
    expect(smtpOptions("smtps://mail.example.sn")).toMatchObject({ port: 465, secure: true });
    expect(smtpOptions("smtp://127.0.0.1:2525")).toMatchObject({ host: "127.0.0.1", port: 2525 });
  });

  it("reads percent-encoded credentials from the URL", () => {
    expect(smtpOptions("smtps://contact%40institut.sn:mot%2Fde%3Apasse%20s%C3%BBr@mail.example.sn:465").auth).toEqual({
      user: "contact@institut.sn",
      pass: "mot/de:passe sûr",
    });
  });

  it("never lets a message make nodemailer read a file or fetch a URL", () => {
    expect(smtpOptions("smtp://mail.example.sn")).toMatchObject({ disableFileAccess: true, disableUrlAccess: true });
  });
});
