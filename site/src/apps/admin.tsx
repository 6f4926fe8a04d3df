/**
 * Entry of the admin back office (/admin/*), bundled by scripts/build-apps.ts into /_apps/admin.js. One line per
 * screen: its path and its module (default export), loaded on demand so each page downloads only its own screen.
 * A path without a line shows « Cette page arrive bientôt. ».
 */
import { mountApp } from "./shell/mount";

void mountApp("admin", {});
