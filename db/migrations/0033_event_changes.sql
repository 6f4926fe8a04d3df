-- The change feed (issue 31 §1) names events too: the site build then reads only the events a write touched
-- instead of every public event (api/modules/articles/changes.ts). An event's organizers and themes are link rows
-- that name their event; a member's or a theme's own row is already recorded by migration 0029.
CREATE TRIGGER `content_changes_events_insert` AFTER INSERT ON `events` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('event', new.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_events_update` AFTER UPDATE ON `events` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('event', new.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_events_delete` AFTER DELETE ON `events` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('event', old.id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_event_organizers_insert` AFTER INSERT ON `event_organizers` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('event', new.event_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_event_organizers_update` AFTER UPDATE ON `event_organizers` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('event', new.event_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), ('event', old.event_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_event_organizers_delete` AFTER DELETE ON `event_organizers` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('event', old.event_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_event_themes_insert` AFTER INSERT ON `event_themes` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('event', new.event_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_event_themes_update` AFTER UPDATE ON `event_themes` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('event', new.event_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)), ('event', old.event_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
--> statement-breakpoint
CREATE TRIGGER `content_changes_event_themes_delete` AFTER DELETE ON `event_themes` BEGIN
  INSERT INTO content_changes (kind, id, at) VALUES ('event', old.event_id, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
