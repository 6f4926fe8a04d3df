import { describe, expect, it } from "vitest";
import { outputSize } from "./crop-image";

describe("outputSize", () => {
  it("scales a profile crop so its longest side is 300 px, keeping the ratio", () => {
    expect(outputSize({ width: 1200, height: 900 }, { maxSide: 300 })).toEqual({ width: 300, height: 225 });
    expect(outputSize({ width: 400, height: 800 }, { maxSide: 300 })).toEqual({ width: 150, height: 300 });
  });

  it("scales an article crop to 800 px wide, keeping the ratio", () => {
    expect(outputSize({ width: 1600, height: 900 }, { width: 800 })).toEqual({ width: 800, height: 450 });
    expect(outputSize({ width: 400, height: 225 }, { width: 800 })).toEqual({ width: 800, height: 450 });
  });

  it("never produces an empty canvas", () => {
    expect(outputSize({ width: 5000, height: 1 }, { maxSide: 300 })).toEqual({ width: 300, height: 1 });
  });
});
