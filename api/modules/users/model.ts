import { t, type Static } from "elysia";
import { bulkBodySchema } from "../../lib/bulk";
import { DateParam, listPageSchema, listQuerySchema } from "../../lib/list-query";
import { strict } from "../../lib/strict-schema";
import { SocialLinks } from "../members/model";
import { OwnerProofFields } from "../owner-present/model";

/** The signed-in user as they see themselves (and as admins see members): never a hash or a session. */
export const CurrentUser = t.Object({
  _id: t.String(),
  firstname: t.String(),
  name: t.String(),
  /** Alias of `name`: the member dashboard reads `lastname`. */
  lastname: t.String(),
  nickname: t.String(),
  email: t.String(),
  role: t.Union([t.Literal("admin"), t.Literal("user")]),
  groups: t.Array(t.String()),
  domain: t.String(),
  biography: t.String(),
  socialLinks: SocialLinks,
  profilePic: t.Nullable(t.String()),
  createdAt: t.String(),
});

export type CurrentUser = Static<typeof CurrentUser>;

const link = t.String({ maxLength: 300, error: "Lien trop long (300 caractères au plus)." });

/** The identity and presentation fields shared by the member's profile form and the admin's member form. */
const personFields = {
  // `\S`: a field made of spaces only is as empty as an empty one.
  firstname: t.String({ pattern: "\\S", maxLength: 80, error: "Le prénom est obligatoire (80 caractères au plus)." }),
  name: t.String({ pattern: "\\S", maxLength: 80, error: "Le nom est obligatoire (80 caractères au plus)." }),
  nickname: t.String({
    pattern: "^\\s*[A-Za-z0-9._-]{2,40}\\s*$",
    error: "L'alias doit faire 2 à 40 caractères\u00a0: lettres, chiffres, point, tiret ou souligné.",
  }),
  email: t.String({ format: "email", maxLength: 200, error: "L'adresse e-mail n'est pas valide." }),
  domain: t.Optional(t.String({ maxLength: 300, error: "Le domaine est trop long (300 caractères au plus)." })),
  biography: t.Optional(t.String({ maxLength: 5000, error: "La biographie est trop longue (5000 caractères au plus)." })),
  socialLinks: t.Optional(
    t.Partial(
      t.Object({ linkedin: link, twitter: link, website: link, facebook: link, instagram: link, youtube: link, other: link }),
      { error: "Les liens sociaux ne sont pas valides." },
    ),
  ),
};

/** Profile fields a member may change about themselves (PUT /api/user/me and PUT /api/user/profile). */
export const UpdateMeBody = strict(t.Object({
  ...personFields,
  // The owner-present step (api/modules/owner-present/), asked when the e-mail, the alias or the password changes.
  ...OwnerProofFields,
  newPassword: t.Optional(t.String({ maxLength: 200, error: "Le nouveau mot de passe est invalide." })),
}));

export type UpdateMeBody = Static<typeof UpdateMeBody>;

export const GROUPS_ERROR = "Un membre appartient à 3 groupes au plus, parmi Cercle Impulsion, Cercle Axiologique et Bureau.";

/**
 * A member as an admin creates or edits them (POST /api/admin/register, PUT /api/admin/users/{id},
 * PUT /api/users/{id}/admin-full-update): JSON, or multipart with an optional `profilePic`. The password is
 * required on create only; on edit an empty one means "unchanged".
 */
export const AdminUserBody = strict(t.Object({
  ...personFields,
  password: t.Optional(t.String({ maxLength: 200, error: "Le mot de passe est trop long (200 caractères au plus)." })),
  role: t.Optional(t.Union([t.Literal("user"), t.Literal("admin")], { error: "Le rôle doit être «\u00a0user\u00a0» (Membre) ou «\u00a0admin\u00a0» (Administrateur)." })),
  groups: t.Optional(
    t.Array(t.Union([t.Literal("cercleImp"), t.Literal("cercleAx"), t.Literal("bureau")]), { maxItems: 3, error: GROUPS_ERROR }),
  ),
}));

export type AdminUserBody = Static<typeof AdminUserBody>;

/**
 * The member form on edit (PUT /api/admin/users/{id} and its spec twin): the same fields, plus the administrator's
 * own owner-present proof (api/modules/owner-present/), asked only when another member's e-mail, alias or
 * password changes: a borrowed admin session alone must not replace someone's way in (issue 30).
 */
export const AdminUserUpdateBody = strict(t.Object({
  ...AdminUserBody.properties,
  ...OwnerProofFields,
}));

export type AdminUserUpdateBody = Static<typeof AdminUserUpdateBody>;

/**
 * POST /api/admin/register: the member form, where « Envoyer une invitation » (`invite`) replaces the password:
 * the member gets a link to choose their own (api/modules/password-reset).
 */
export const RegisterBody = strict(t.Object({
  ...AdminUserBody.properties,
  invite: t.Optional(t.Boolean({ error: "Le choix «\u00a0Envoyer une invitation\u00a0» est invalide." })),
}));

export type RegisterBody = Static<typeof RegisterBody>;

/** What deleting a member would touch, for the confirmation dialog. */
export const UserFootprint = t.Object({
  _id: t.String(),
  /** Articles they (co-)author. */
  articles: t.Number(),
  /** Of those, the ones with no other author: they need a new author before the member can go. */
  soleAuthorArticles: t.Number(),
  /** Media they uploaded: they need a new uploader before the member can go. */
  media: t.Number(),
  /** Events they organise (they are only removed from the organisers). */
  events: t.Number(),
  /** True while the deletion needs `?transferTo=<another member's id>`. */
  needsTransfer: t.Boolean(),
});

export type UserFootprint = Static<typeof UserFootprint>;

export const DeleteUserQuery = strict(t.Object({
  transferTo: t.Optional(t.String({ maxLength: 64, error: "Le membre destinataire n'est pas valide." })),
}));

export const DeletedUser = t.Object({
  message: t.String(),
  _id: t.String(),
  firstname: t.String(),
  name: t.String(),
  /** What went to the `transferTo` member. */
  transferred: t.Object({ articles: t.Number(), media: t.Number() }),
});

export type DeletedUser = Static<typeof DeletedUser>;

export const ProfilePicAnswer = t.Object({ profilePic: t.String() });
export const ProfileOriginalAnswer = t.Object({ profilePicOriginal: t.String() });

/** The member's Google link as their profile shows it (« Compte Google associé »), or null. */
export const GoogleLinkAnswer = t.Object({
  google: t.Nullable(
    t.Object({
      /** The address Google reported when the link was made. */
      email: t.String(),
      linkedAt: t.String(),
    }),
  ),
  /** Whether removing the link asks for the password (accounts without one need a recent sign-in instead). */
  hasPassword: t.Boolean(),
});

export type GoogleLinkAnswer = Static<typeof GoogleLinkAnswer>;

/** Removing the Google link asks for the owner-present step, as changing the e-mail does. */
export { OwnerProofBody as UnlinkGoogleBody } from "../owner-present/model";

export const USER_SORTS = ["name", "recent", "role"] as const;

/**
 * GET /api/admin/users (and /api/users): every member (the spec's array, by name); with `page`, one page sorted,
 * filtered and searched (names, alias, e-mail) by the database.
 */
const GroupParam = t.Union([t.Literal("cercleImp"), t.Literal("cercleAx"), t.Literal("bureau")], { error: "Groupe inconnu (cercleImp, cercleAx ou bureau)." });

const userFilters = {
  role: t.Optional(t.Union([t.Literal("admin"), t.Literal("user")], { error: "Rôle inconnu (admin ou user)." })),
  group: t.Optional(GroupParam),
  /** Registered on or after this day (YYYY-MM-DD). */
  from: t.Optional(DateParam("Date de début invalide (AAAA-MM-JJ).")),
  /** Registered on or before this day (YYYY-MM-DD). */
  to: t.Optional(DateParam("Date de fin invalide (AAAA-MM-JJ).")),
};

export const UsersQuery = listQuerySchema(USER_SORTS, userFilters);

export type UsersQuery = Static<typeof UsersQuery>;

export const USER_NOUNS = { one: "membre", many: "membres", noMatch: "Aucun membre ne correspond à la sélection." };

/**
 * Bulk actions on members: joining or leaving a circle. Deleting and changing roles stay one at a time (each
 * deletion decides who receives the content; the last administrator is protected): docs/DECISIONS.md.
 */
export const USER_BULK_ACTIONS = ["group-add", "group-remove"] as const;

/** POST /api/admin/users/bulk: `group` is the circle joined or left. */
export const BulkUsersBody = bulkBodySchema(USER_BULK_ACTIONS, userFilters, { group: t.Optional(GroupParam) }, USER_NOUNS);

export type BulkUsersBody = Static<typeof BulkUsersBody>;

/** A page of members, with the total for the pager. */
export const UserPage = listPageSchema(CurrentUser);

export type UserPage = Static<typeof UserPage>;
