import { describe, expect, it } from "vitest";
import { profileCompletion } from "./completion";

const full = { firstname: "Awa", name: "Ndiaye", email: "awa@example.sn", nickname: "awa", profilePic: "awa.jpg", biography: "Chercheuse." };

describe("profileCompletion", () => {
  it("is 100 when the six fields are filled", () => {
    expect(profileCompletion(full)).toBe(100);
  });

  it("counts a missing picture and an empty biography as missing, rounded to a whole percent", () => {
    expect(profileCompletion({ ...full, profilePic: null })).toBe(83);
    expect(profileCompletion({ ...full, profilePic: null, biography: "   " })).toBe(67);
  });

  it("is 0 when nothing is filled", () => {
    expect(profileCompletion({ firstname: "", name: "", email: "", nickname: "", profilePic: null, biography: "" })).toBe(0);
  });
});
