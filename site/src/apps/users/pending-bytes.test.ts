import { describe, expect, it } from "vitest";
import { formatMb, pendingByMember, pendingText, quotaSummary } from "./pending-bytes";

const MB = 1024 * 1024;

describe("pending bytes of the members table", () => {
  it("writes sizes in French megabytes with a no-break space", () => {
    expect(formatMb(12.5 * MB)).toBe("12,5\u00a0Mo");
    expect(formatMb(500 * MB)).toBe("500\u00a0Mo");
  });

  it("shows a dash for nothing waiting and says when the quota is reached", () => {
    expect(pendingText(0, 500 * MB)).toBe("—");
    expect(pendingText(3 * MB, 500 * MB)).toBe("3\u00a0Mo");
    expect(pendingText(500 * MB, 500 * MB)).toBe("500\u00a0Mo (quota atteint)");
  });

  it("reads the report by member id, and sums up the limits in force", () => {
    const report = { quotaBytes: 500 * MB, uploadsPerHour: 60, adminUploadsPerHour: 600, members: [{ _id: "u1", pendingBytes: 42 }] };
    expect(pendingByMember(report).get("u1")).toBe(42);
    expect(pendingByMember(undefined).size).toBe(0);
    expect(quotaSummary(report)).toBe(
      "Fichiers en attente de validation\u00a0: 500\u00a0Mo au plus par membre (administrateurs exemptés)\u00a0; 60 envois par heure (600 pour un administrateur).",
    );
  });
});
