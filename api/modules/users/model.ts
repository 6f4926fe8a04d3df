import { t, type Static } from "elysia";
import { SocialLinks } from "../members/model";

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

/** Profile fields a member may change about themselves (PUT /api/user/me). */
export const UpdateMeBody = t.Object({
  firstname: t.String({ minLength: 1, maxLength: 80, error: "Le prénom est obligatoire (80 caractères au plus)." }),
  name: t.String({ minLength: 1, maxLength: 80, error: "Le nom est obligatoire (80 caractères au plus)." }),
  nickname: t.String({
    pattern: "^[A-Za-z0-9._-]{2,40}$",
    error: "L'alias doit faire 2 à 40 caractères : lettres, chiffres, point, tiret ou souligné.",
  }),
  email: t.String({ format: "email", maxLength: 200, error: "L'adresse e-mail n'est pas valide." }),
  domain: t.Optional(t.String({ maxLength: 300, error: "Le domaine est trop long (300 caractères au plus)." })),
  biography: t.Optional(t.String({ maxLength: 5000, error: "La biographie est trop longue (5000 caractères au plus)." })),
  socialLinks: t.Optional(
    t.Partial(
      t.Object({ linkedin: link, twitter: link, website: link, facebook: link, instagram: link, youtube: link, other: link }),
    ),
  ),
  currentPassword: t.Optional(t.String({ maxLength: 200 })),
  newPassword: t.Optional(t.String({ maxLength: 200 })),
});

export type UpdateMeBody = Static<typeof UpdateMeBody>;
