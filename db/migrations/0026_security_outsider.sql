CREATE TABLE `mail_secrets` (
	`mail_id` text NOT NULL,
	`marker` text NOT NULL,
	`value` text NOT NULL,
	`expires_at` integer NOT NULL,
	PRIMARY KEY(`mail_id`, `marker`),
	FOREIGN KEY (`mail_id`) REFERENCES `mail_outbox`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mail_secrets_expires_idx` ON `mail_secrets` (`expires_at`);--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `confirm_token_hash` text;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `pending_until` integer;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `holds_place` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `event_registrations_confirm_token_hash_unique` ON `event_registrations` (`confirm_token_hash`);--> statement-breakpoint
CREATE INDEX `event_registrations_pending_idx` ON `event_registrations` (`pending_until`) WHERE "event_registrations"."state" = 'pending';--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `masked` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `link_ref` text;--> statement-breakpoint
-- Copies written before this migration hold their link's token in clear (every secret link of the site is
-- « …#token=<43 characters> », one token per message). A message still to be sent (or failed, for « Réessayer »)
-- keeps its token in mail_secrets for 7 days (the longest lifetime of those links but the cancel links'); then
-- every copy is masked.
INSERT INTO `mail_secrets` (`mail_id`, `marker`, `value`, `expires_at`)
  SELECT `id`, '⟦lien masqué:' || `id` || '⟧', substr(`text`, instr(`text`, '#token=') + 7, 43), `created_at` + 604800000
  FROM `mail_outbox` WHERE instr(`text`, '#token=') > 0 AND `state` <> 'sent';--> statement-breakpoint
UPDATE `mail_outbox` SET
  `html` = replace(`html`, substr(`text`, instr(`text`, '#token=') + 7, 43), '⟦lien masqué:' || `id` || '⟧'),
  `text` = replace(`text`, substr(`text`, instr(`text`, '#token=') + 7, 43), '⟦lien masqué:' || `id` || '⟧'),
  `masked` = 1
  WHERE instr(`text`, '#token=') > 0;
