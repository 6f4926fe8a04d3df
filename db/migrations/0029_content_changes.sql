CREATE TABLE `content_changes` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`id` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
-- The change feed's writers (issue 31 §1): one trigger per write to the rows a public article is made of, so every
-- way a row changes (the API, a script, a foreign-key action: those fire triggers too) is recorded in its own
-- transaction. A link row names its article; a member, theme or media names itself, and the API finds the articles
-- that show it (api/modules/articles/changes.ts).
CREATE TRIGGER `content_changes_articles_insert` AFTER INSERT ON `articles` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('article', new.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_articles_update` AFTER UPDATE ON `articles` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('article', new.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_articles_delete` AFTER DELETE ON `articles` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('article', old.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_article_authors_insert` AFTER INSERT ON `article_authors` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('article', new.article_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_article_authors_update` AFTER UPDATE ON `article_authors` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('article', new.article_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), ('article', old.article_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_article_authors_delete` AFTER DELETE ON `article_authors` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('article', old.article_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_article_themes_insert` AFTER INSERT ON `article_themes` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('article', new.article_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_article_themes_update` AFTER UPDATE ON `article_themes` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('article', new.article_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), ('article', old.article_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_article_themes_delete` AFTER DELETE ON `article_themes` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('article', old.article_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_article_media_insert` AFTER INSERT ON `article_media` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('article', new.article_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_article_media_update` AFTER UPDATE ON `article_media` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('article', new.article_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), ('article', old.article_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_article_media_delete` AFTER DELETE ON `article_media` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('article', old.article_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_users_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('user', new.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_users_update` AFTER UPDATE ON `users` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('user', new.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_users_delete` AFTER DELETE ON `users` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('user', old.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_themes_insert` AFTER INSERT ON `themes` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('theme', new.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_themes_update` AFTER UPDATE ON `themes` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('theme', new.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_themes_delete` AFTER DELETE ON `themes` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('theme', old.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_media_insert` AFTER INSERT ON `media` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('media', new.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_media_update` AFTER UPDATE ON `media` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('media', new.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_media_delete` AFTER DELETE ON `media` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('media', old.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
