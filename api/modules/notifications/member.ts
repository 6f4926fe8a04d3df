import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { ForbiddenError } from "../../lib/errors";
import { authPlugin } from "../../plugins/auth";
import { NotificationSettings, NotificationSettingsBody } from "./model";
import { ADMIN_TOPICS, readSettings, saveSettings } from "./topics";

/** A member's own notification settings (/user/profile#notifications). */
export const notificationMemberRoutes = (deps: Deps) => {
  const { db } = deps;
  return new Elysia({ name: "notifications-member" })
    .use(authPlugin(deps))
    .get("/api/user/notifications", ({ viewer }) => readSettings(db, viewer.user), { signedIn: true, response: { 200: NotificationSettings } })
    .put(
      "/api/user/notifications",
      ({ viewer, body }) => {
        // Members never receive these: a switch for them would be a lie, so it is refused rather than stored.
        if (viewer.user.role !== "admin" && ADMIN_TOPICS.some((topic) => body[topic] !== undefined)) {
          throw new ForbiddenError("Ces notifications sont réservées aux administrateurs.");
        }
        return saveSettings(db, viewer.user, body);
      },
      { signedIn: true, body: NotificationSettingsBody, response: { 200: NotificationSettings } },
    );
};
