import { t } from "elysia";
import { strict } from "../../lib/strict-schema";

const flag = (error: string) => t.Optional(t.Boolean({ error }));

/**
 * The profile's « Notifications »: one switch per topic, on unless switched off. Members have `articles` and
 * `media` (their own contributions approved or put online); admins also `submissions` (a member's article or
 * media waits for approval) and `contact` (a contact message arrived).
 */
export const NotificationSettings = t.Object({
  articles: flag("Valeur invalide pour «\u00a0Mes articles\u00a0»."),
  media: flag("Valeur invalide pour «\u00a0Mes médias\u00a0»."),
  submissions: flag("Valeur invalide pour «\u00a0Articles et médias à valider\u00a0»."),
  contact: flag("Valeur invalide pour «\u00a0Messages de contact\u00a0»."),
});
export type NotificationSettings = typeof NotificationSettings.static;

/** A change: only the topics sent are changed; an unknown field is refused. */
export const NotificationSettingsBody = strict(NotificationSettings);
