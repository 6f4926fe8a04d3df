-- Search and sort support of the lists (api/lib/list-query.ts), in SQL that drizzle-kit cannot express.
-- 1. Full-text indexes of articles, media, members, contact messages, the journal and events (FTS5, external content: the text stays in its table; accents and case ignored, prefix
--    indexes for typing-as-you-go), kept in step by triggers. Tables with a text primary key still have a stable
--    rowid (VACUUM INTO keeps it); if one ever drifts: INSERT INTO x_fts(x_fts) VALUES('rebuild').
-- 2. articles.author_key, the first author's users.name_key (folded "name firstname"; U+10FFFF when none, so
--    those sort last), kept by triggers on article_authors and users.
CREATE VIRTUAL TABLE `articles_fts` USING fts5(title, keywords, txt_content, content = 'articles', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
INSERT INTO `articles_fts`(`articles_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `articles_fts_insert` AFTER INSERT ON `articles` BEGIN
  INSERT INTO `articles_fts`(rowid, title, keywords, txt_content) VALUES (new.rowid, new.title, new.keywords, new.txt_content);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_delete` AFTER DELETE ON `articles` BEGIN
  INSERT INTO `articles_fts`(`articles_fts`, rowid, title, keywords, txt_content) VALUES ('delete', old.rowid, old.title, old.keywords, old.txt_content);
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_update` AFTER UPDATE OF title, keywords, txt_content ON `articles` BEGIN
  INSERT INTO `articles_fts`(`articles_fts`, rowid, title, keywords, txt_content) VALUES ('delete', old.rowid, old.title, old.keywords, old.txt_content);
  INSERT INTO `articles_fts`(rowid, title, keywords, txt_content) VALUES (new.rowid, new.title, new.keywords, new.txt_content);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `media_fts` USING fts5(title, description, tags, content = 'media', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
INSERT INTO `media_fts`(`media_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `media_fts_insert` AFTER INSERT ON `media` BEGIN
  INSERT INTO `media_fts`(rowid, title, description, tags) VALUES (new.rowid, new.title, new.description, new.tags);
END;
--> statement-breakpoint
CREATE TRIGGER `media_fts_delete` AFTER DELETE ON `media` BEGIN
  INSERT INTO `media_fts`(`media_fts`, rowid, title, description, tags) VALUES ('delete', old.rowid, old.title, old.description, old.tags);
END;
--> statement-breakpoint
CREATE TRIGGER `media_fts_update` AFTER UPDATE OF title, description, tags ON `media` BEGIN
  INSERT INTO `media_fts`(`media_fts`, rowid, title, description, tags) VALUES ('delete', old.rowid, old.title, old.description, old.tags);
  INSERT INTO `media_fts`(rowid, title, description, tags) VALUES (new.rowid, new.title, new.description, new.tags);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `users_fts` USING fts5(firstname, name, nickname, email, content = 'users', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
INSERT INTO `users_fts`(`users_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `users_fts_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `users_fts`(rowid, firstname, name, nickname, email) VALUES (new.rowid, new.firstname, new.name, new.nickname, new.email);
END;
--> statement-breakpoint
CREATE TRIGGER `users_fts_delete` AFTER DELETE ON `users` BEGIN
  INSERT INTO `users_fts`(`users_fts`, rowid, firstname, name, nickname, email) VALUES ('delete', old.rowid, old.firstname, old.name, old.nickname, old.email);
END;
--> statement-breakpoint
CREATE TRIGGER `users_fts_update` AFTER UPDATE OF firstname, name, nickname, email ON `users` BEGIN
  INSERT INTO `users_fts`(`users_fts`, rowid, firstname, name, nickname, email) VALUES ('delete', old.rowid, old.firstname, old.name, old.nickname, old.email);
  INSERT INTO `users_fts`(rowid, firstname, name, nickname, email) VALUES (new.rowid, new.firstname, new.name, new.nickname, new.email);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `contact_messages_fts` USING fts5(name, email, subject, message, content = 'contact_messages', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
INSERT INTO `contact_messages_fts`(`contact_messages_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `contact_messages_fts_insert` AFTER INSERT ON `contact_messages` BEGIN
  INSERT INTO `contact_messages_fts`(rowid, name, email, subject, message) VALUES (new.rowid, new.name, new.email, new.subject, new.message);
END;
--> statement-breakpoint
CREATE TRIGGER `contact_messages_fts_delete` AFTER DELETE ON `contact_messages` BEGIN
  INSERT INTO `contact_messages_fts`(`contact_messages_fts`, rowid, name, email, subject, message) VALUES ('delete', old.rowid, old.name, old.email, old.subject, old.message);
END;
--> statement-breakpoint
CREATE TRIGGER `contact_messages_fts_update` AFTER UPDATE OF name, email, subject, message ON `contact_messages` BEGIN
  INSERT INTO `contact_messages_fts`(`contact_messages_fts`, rowid, name, email, subject, message) VALUES ('delete', old.rowid, old.name, old.email, old.subject, old.message);
  INSERT INTO `contact_messages_fts`(rowid, name, email, subject, message) VALUES (new.rowid, new.name, new.email, new.subject, new.message);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `audit_log_fts` USING fts5(actor, summary, content = 'audit_log', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
INSERT INTO `audit_log_fts`(`audit_log_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `audit_log_fts_insert` AFTER INSERT ON `audit_log` BEGIN
  INSERT INTO `audit_log_fts`(rowid, actor, summary) VALUES (new.rowid, new.actor, new.summary);
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_fts_delete` AFTER DELETE ON `audit_log` BEGIN
  INSERT INTO `audit_log_fts`(`audit_log_fts`, rowid, actor, summary) VALUES ('delete', old.rowid, old.actor, old.summary);
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_fts_update` AFTER UPDATE OF actor, summary ON `audit_log` BEGIN
  INSERT INTO `audit_log_fts`(`audit_log_fts`, rowid, actor, summary) VALUES ('delete', old.rowid, old.actor, old.summary);
  INSERT INTO `audit_log_fts`(rowid, actor, summary) VALUES (new.rowid, new.actor, new.summary);
END;
--> statement-breakpoint
CREATE VIRTUAL TABLE `events_fts` USING fts5(title, location, keywords, content = 'events', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
INSERT INTO `events_fts`(`events_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `events_fts_insert` AFTER INSERT ON `events` BEGIN
  INSERT INTO `events_fts`(rowid, title, location, keywords) VALUES (new.rowid, new.title, new.location, new.keywords);
END;
--> statement-breakpoint
CREATE TRIGGER `events_fts_delete` AFTER DELETE ON `events` BEGIN
  INSERT INTO `events_fts`(`events_fts`, rowid, title, location, keywords) VALUES ('delete', old.rowid, old.title, old.location, old.keywords);
END;
--> statement-breakpoint
CREATE TRIGGER `events_fts_update` AFTER UPDATE OF title, location, keywords ON `events` BEGIN
  INSERT INTO `events_fts`(`events_fts`, rowid, title, location, keywords) VALUES ('delete', old.rowid, old.title, old.location, old.keywords);
  INSERT INTO `events_fts`(rowid, title, location, keywords) VALUES (new.rowid, new.title, new.location, new.keywords);
END;
--> statement-breakpoint
CREATE TRIGGER `article_authors_key_insert` AFTER INSERT ON `article_authors` BEGIN
  UPDATE articles SET author_key = coalesce((
    SELECT u.name_key
    FROM article_authors aa JOIN users u ON u.id = aa.user_id
    WHERE aa.article_id = new.article_id ORDER BY aa.position, aa.rowid LIMIT 1
  ), char(1114111)) WHERE id = new.article_id;
END;
--> statement-breakpoint
CREATE TRIGGER `article_authors_key_delete` AFTER DELETE ON `article_authors` BEGIN
  UPDATE articles SET author_key = coalesce((
    SELECT u.name_key
    FROM article_authors aa JOIN users u ON u.id = aa.user_id
    WHERE aa.article_id = old.article_id ORDER BY aa.position, aa.rowid LIMIT 1
  ), char(1114111)) WHERE id = old.article_id;
END;
--> statement-breakpoint
CREATE TRIGGER `article_authors_key_update` AFTER UPDATE ON `article_authors` BEGIN
  UPDATE articles SET author_key = coalesce((
    SELECT u.name_key
    FROM article_authors aa JOIN users u ON u.id = aa.user_id
    WHERE aa.article_id = old.article_id ORDER BY aa.position, aa.rowid LIMIT 1
  ), char(1114111)) WHERE id = old.article_id;
  UPDATE articles SET author_key = coalesce((
    SELECT u.name_key
    FROM article_authors aa JOIN users u ON u.id = aa.user_id
    WHERE aa.article_id = new.article_id ORDER BY aa.position, aa.rowid LIMIT 1
  ), char(1114111)) WHERE id = new.article_id;
END;
--> statement-breakpoint
CREATE TRIGGER `users_author_key_update` AFTER UPDATE OF name, firstname ON `users` BEGIN
  UPDATE articles SET author_key = coalesce((
    SELECT u.name_key
    FROM article_authors aa JOIN users u ON u.id = aa.user_id
    WHERE aa.article_id = articles.id ORDER BY aa.position, aa.rowid LIMIT 1
  ), char(1114111)) WHERE id IN (SELECT article_id FROM article_authors WHERE user_id = new.id);
END;
--> statement-breakpoint
UPDATE articles SET author_key = coalesce((
    SELECT u.name_key
    FROM article_authors aa JOIN users u ON u.id = aa.user_id
    WHERE aa.article_id = articles.id ORDER BY aa.position, aa.rowid LIMIT 1
  ), char(1114111));
