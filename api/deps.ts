import type { Db } from "../db/client";
import type { Env } from "./env";
import type { AccountLimits } from "./lib/account-limits";
import type { SessionWrites } from "./lib/session";
import type { SignInLimits } from "./modules/auth/login-limits";
import type { Change } from "./lib/change";
import type { PreviewRenderer } from "./lib/preview-renderer";
import type { BuildReport, SiteBuilder } from "./lib/site-builder";

/** What the feature modules need from the outside world; tests build their own. */
export type Deps = {
  db: Db;
  env: Env;
  builder: Pick<SiteBuilder, "requestBuild" | "status">;
  /** « Aperçu »: article pages rendered apart from site builds (api/lib/preview-renderer.ts); none: always the failure page. */
  previews?: Pick<PreviewRenderer, "render">;
  /** Called after every write that changes public content: clears cached answers and rebuilds the site. */
  contentChanged: (change?: Change) => Promise<BuildReport>;
  /** Search and upload limits per account; in memory when absent (api/lib/account-limits.ts). */
  limits?: AccountLimits;
  /** Starts the newsletter sender's round at once (api/modules/newsletter-issues/worker.ts); tests run rounds themselves. */
  wakeIssueSender?: () => void;
  /** Sign-in limits (passwords, codes, passkeys); in memory when absent (api/modules/auth/login-limits.ts). */
  loginLimits?: SignInLimits;
  /** The clock of reads that depend on today (« Audience »'s periods); the system clock when absent. Tests set it. */
  now?: () => Date;

  /** Where a session lookup's writes go (slid expiry, expired session); direct when absent (api/lib/session.ts). */
  sessionWrites?: SessionWrites;
};
