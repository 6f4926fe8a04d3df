import type { Deps } from "../../deps";
import { trashRoutes } from "./routes";

/**
 * « Corbeille » (issue 20 §6): deleted articles and media wait here 30 days. The moves in and out live with each
 * kind (api/modules/articles/trash.ts, api/modules/media/trash.ts); this module lists the trash, routes
 * « Restaurer » and « Supprimer définitivement », and runs the 30-day purge (purge.ts).
 */
export const trashModuleRoutes = (deps: Deps) => trashRoutes(deps);
