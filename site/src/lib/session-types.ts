/** The signed-in user as the API returns it (types only: the site never imports server code). */
export type { CurrentUser } from "../../../api/modules/users/model";
