-- media.uploader_key, the uploader's users.name_key (folded "name firstname"; U+10FFFF when none, so those sort
-- last), for the back office's media sort « Par auteur ». Kept here, in the database, as articles.author_key is
-- (0006_list_search): every way a media's uploader or a member's name changes goes through these triggers,
-- including ON DELETE SET NULL when an account is deleted (a foreign-key action fires UPDATE triggers).
CREATE TRIGGER `media_uploader_key_insert` AFTER INSERT ON `media` BEGIN
  UPDATE media SET uploader_key = coalesce((SELECT name_key FROM users WHERE id = new.uploaded_by), char(1114111)) WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `media_uploader_key_update` AFTER UPDATE OF uploaded_by ON `media` BEGIN
  UPDATE media SET uploader_key = coalesce((SELECT name_key FROM users WHERE id = new.uploaded_by), char(1114111)) WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `users_uploader_key_update` AFTER UPDATE OF name, firstname ON `users` BEGIN
  UPDATE media SET uploader_key = coalesce((SELECT name_key FROM users WHERE id = new.id), char(1114111)) WHERE uploaded_by = new.id;
END;
--> statement-breakpoint
UPDATE media SET uploader_key = coalesce((SELECT name_key FROM users WHERE id = media.uploaded_by), char(1114111));
