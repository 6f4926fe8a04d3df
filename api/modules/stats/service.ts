import type { Deps } from "../../deps";
import { countUnreadContactMessages } from "../contact/service";
import { countEvents } from "../events/service";
import { lastBuildFailed } from "../site/service";
import { countThemes } from "../themes/service";
import { countUsers } from "../users/service";
import { countArticles, countMedia } from "./counts";
import type { AdminStats } from "./model";

export async function adminStats({ db, builder }: Pick<Deps, "db" | "builder">): Promise<AdminStats> {
  const [members, articles, media, themes, events, unreadMessages] = await Promise.all([
    countUsers(db),
    countArticles(db),
    countMedia(db),
    countThemes(db),
    countEvents(db),
    countUnreadContactMessages(db),
  ]);
  return {
    members,
    articles: articles.total,
    publishedArticles: articles.published,
    media: media.total,
    themes,
    events,
    pendingArticles: articles.pending,
    pendingMedia: media.pending,
    unreadMessages,
    lastBuildFailed: lastBuildFailed(builder.status()),
    buildRetryPlanned: builder.status().recovery?.nextRetryAt != null,
  };
}
