/**
 * What the registration messages say (French, rendered by renderMail) and the event as an .ics attachment, written
 * by the one iCalendar writer the site's feeds use (shared/ics.ts: CRLF lines, folding, escaping, UID, DTSTAMP).
 * The cancel token travels in the link's fragment (`#token=…`), never sent to a server by browsers, so it stays
 * out of logs and Referer headers (as the password-reset links do).
 */
import type { EventRow, MailAttachment, RegistrationRow } from "../../../db/schema";
import { dakarMoment } from "../../../shared/dakar-time";
import { calendar } from "../../../shared/ics";
import type { Env } from "../../env";
import { mailSite, renderMail, type MailContent } from "../mail/render";
import type { OutgoingMail } from "../mail/service";

/** The page that takes a cancel token (site/src/pages/inscription/[link].astro). */
export const CANCEL_PAGE = "/inscription/annuler";
export const cancelLinkOf = (token: string) => `${CANCEL_PAGE}#token=${token}`;
/** The page that confirms a visitor's address (site/src/pages/inscription/[link].astro): one button. */
export const CONFIRM_PAGE = "/inscription/confirmer";
export const confirmLinkOf = (token: string) => `${CONFIRM_PAGE}#token=${token}`;

export type MailEnv = Pick<Env, "mailFrom" | "publicUrl">;
type Person = { name: string; email: string };
type EventLike = Pick<EventRow, "id" | "title" | "url" | "location" | "startDate" | "endDate" | "txtContent" | "keywords" | "createdAt">;

/** « samedi 12 décembre 2026 à 18 h 30 »: Dakar time, the institute's, written as the site writes it (shared/dakar-time.ts). */
const whenOf = (event: Pick<EventRow, "startDate">) => dakarMoment(event.startDate, "full");

export function eventIcs(env: MailEnv, event: EventLike, now = new Date()): MailAttachment {
  const content = calendar(
    [
      {
        _id: event.id,
        title: event.title,
        url: event.url,
        location: event.location,
        startDate: event.startDate.toISOString(),
        endDate: event.endDate.toISOString(),
        txt_content: event.txtContent,
        keywords: event.keywords,
        createdAt: event.createdAt.toISOString(),
      },
    ],
    new URL(env.publicUrl).origin,
    event.title,
    now,
  );
  return { filename: "evenement.ics", contentType: "text/calendar; charset=utf-8", content };
}

const eventLink = (event: EventLike) => `/event/${encodeURIComponent(event.url)}`;
const place = (event: EventLike) => (event.location ? `, ${event.location}` : "");

function cancelBlocks(token: string): MailContent["blocks"] {
  return [
    { type: "button", link: { label: "Annuler mon inscription", href: cancelLinkOf(token) } },
    { type: "note", text: "Ce lien personnel annule votre inscription\u00a0: ne le transmettez pas. Si vous ne pouvez plus venir, utilisez-le pour libérer votre place." },
  ];
}

function outgoing(env: MailEnv, kind: string, to: Person, content: MailContent, extra: Partial<OutgoingMail> = {}): OutgoingMail {
  return { kind, to: { name: to.name, address: to.email }, ...renderMail(env, content), ...extra };
}

/**
 * The link that confirms a visitor's address (issue 30 §4): 30 minutes, a place held meanwhile when `holdsPlace`,
 * else the waiting list once confirmed.
 */
export function addressConfirmMail(env: MailEnv, event: EventLike, person: Person & { holdsPlace: boolean }, token: string): OutgoingMail {
  return outgoing(env, "registration-confirm", person, {
    subject: `Confirmez votre inscription\u00a0: ${event.title}`,
    preview: "Un clic pour confirmer votre inscription\u00a0: ce lien est valable 30 minutes.",
    heading: "Confirmez votre inscription",
    blocks: [
      { type: "paragraph", text: `Bonjour ${person.name},` },
      {
        type: "paragraph",
        text: person.holdsPlace
          ? `Une inscription à «\u00a0${event.title}\u00a0», le ${whenOf(event)}${place(event)}, a été demandée pour cette adresse. Une place vous est réservée pendant 30 minutes\u00a0: pour la confirmer, suivez ce lien\u00a0:`
          : `Une inscription à «\u00a0${event.title}\u00a0», le ${whenOf(event)}${place(event)}, a été demandée pour cette adresse. L'événement est complet\u00a0: en confirmant, vous rejoindrez la liste d'attente. Pour confirmer, suivez ce lien\u00a0:`,
      },
      { type: "button", link: { label: "Confirmer mon inscription", href: confirmLinkOf(token) } },
      {
        type: "note",
        text: "Ce lien est valable 30 minutes\u00a0; passé ce délai, la place est libérée. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message\u00a0: vous ne serez pas inscrit et votre adresse sera effacée.",
      },
    ],
    footer: { text: `Vous recevez ce message parce qu'une inscription à un événement de ${mailSite(env).name} a été demandée pour cette adresse.` },
  });
}

/** To an address already registered, when someone asks again with it: where it stands, and a fresh cancel link. */
export function alreadyRegisteredMail(env: MailEnv, event: EventLike, person: Person & Pick<RegistrationRow, "state" | "waitingPosition">, token: string): OutgoingMail {
  const where =
    person.state === "waiting"
      ? `Vous êtes en position ${person.waitingPosition} sur la liste d'attente de «\u00a0${event.title}\u00a0» (le ${whenOf(event)}).`
      : `Votre place est réservée pour «\u00a0${event.title}\u00a0», le ${whenOf(event)}${place(event)}.`;
  return outgoing(env, "registration-known", person, {
    subject: `Vous êtes déjà inscrit\u00a0: ${event.title}`,
    preview: "Une nouvelle inscription a été demandée avec cette adresse\u00a0: rien n'a changé.",
    heading: "Vous êtes déjà inscrit",
    blocks: [
      { type: "paragraph", text: `Bonjour ${person.name},` },
      { type: "paragraph", text: `Une nouvelle inscription a été demandée avec cette adresse, qui est déjà inscrite\u00a0: rien n'a changé. ${where}` },
      { type: "items", items: [{ title: event.title, href: eventLink(event), text: `Le ${whenOf(event)}${place(event)}` }] },
      { type: "paragraph", text: "Le lien d'annulation ci-dessous remplace celui de vos courriels précédents." },
      ...cancelBlocks(token),
    ],
    footer: { text: `Vous recevez ce message parce que vous êtes inscrit à un événement de ${mailSite(env).name}.` },
  });
}

export function confirmationMail(env: MailEnv, event: EventLike, person: Person, token: string, now = new Date()): OutgoingMail {
  return outgoing(
    env,
    "registration-confirmed",
    person,
    {
      subject: `Inscription confirmée\u00a0: ${event.title}`,
      preview: `Le ${whenOf(event)}${place(event)}.`,
      heading: "Votre inscription est confirmée",
      blocks: [
        { type: "paragraph", text: `Bonjour ${person.name},` },
        { type: "paragraph", text: `Votre place est réservée pour «\u00a0${event.title}\u00a0», le ${whenOf(event)}${place(event)}. L'événement est joint à ce message pour votre agenda.` },
        { type: "items", items: [{ title: event.title, href: eventLink(event), text: `Le ${whenOf(event)}${place(event)}` }] },
        ...cancelBlocks(token),
      ],
      footer: { text: `Vous recevez ce message parce que vous vous êtes inscrit à un événement de ${mailSite(env).name}.` },
    },
    { attachments: [eventIcs(env, event, now)] },
  );
}

export function waitingMail(env: MailEnv, event: EventLike, person: Person, position: number, token: string): OutgoingMail {
  return outgoing(env, "registration-waiting", person, {
    subject: `Liste d'attente\u00a0: ${event.title}`,
    preview: `Vous êtes en position ${position} sur la liste d'attente.`,
    heading: "Vous êtes sur la liste d'attente",
    blocks: [
      { type: "paragraph", text: `Bonjour ${person.name},` },
      { type: "paragraph", text: `«\u00a0${event.title}\u00a0» (le ${whenOf(event)}) est complet. Vous êtes en position ${position} sur la liste d'attente\u00a0: si une place se libère, elle vous sera attribuée dans l'ordre et vous recevrez un courriel de confirmation.` },
      ...cancelBlocks(token),
    ],
  });
}

export function promotionMail(env: MailEnv, event: EventLike, person: Person, now = new Date()): OutgoingMail {
  return outgoing(
    env,
    "registration-promoted",
    person,
    {
      subject: `Une place s'est libérée\u00a0: ${event.title}`,
      preview: "Votre inscription est maintenant confirmée.",
      heading: "Votre inscription est confirmée",
      blocks: [
        { type: "paragraph", text: `Bonjour ${person.name},` },
        { type: "paragraph", text: `Une place s'est libérée pour «\u00a0${event.title}\u00a0», le ${whenOf(event)}${place(event)}\u00a0: elle est à vous. L'événement est joint à ce message pour votre agenda.` },
        { type: "note", text: "Pour annuler, utilisez le lien reçu avec votre inscription sur la liste d'attente, ou l'espace membre si vous vous êtes inscrit connecté." },
      ],
    },
    { attachments: [eventIcs(env, event, now)] },
  );
}

/** An admin cancelled the registration (« Annuler l'inscription » in the back office): the person is told. */
export function cancelledByOrganizerMail(env: MailEnv, event: EventLike, person: Person): OutgoingMail {
  return outgoing(env, "registration-cancelled", person, {
    subject: `Inscription annulée\u00a0: ${event.title}`,
    preview: "Les organisateurs ont annulé votre inscription.",
    heading: "Votre inscription est annulée",
    blocks: [
      { type: "paragraph", text: `Bonjour ${person.name},` },
      { type: "paragraph", text: `Les organisateurs ont annulé votre inscription à «\u00a0${event.title}\u00a0», le ${whenOf(event)}${place(event)}. Votre place n'est plus réservée.` },
      { type: "items", items: [{ title: event.title, href: eventLink(event), text: `Le ${whenOf(event)}${place(event)}` }] },
      { type: "note", text: "S'il s'agit d'une erreur, écrivez-nous depuis la page Contact du site." },
    ],
    footer: { text: `Vous recevez ce message parce que vous étiez inscrit à un événement de ${mailSite(env).name}.` },
  });
}

export function reminderMail(env: MailEnv, event: EventLike, person: Person, now = new Date()): OutgoingMail {
  return outgoing(
    env,
    "registration-reminder",
    person,
    {
      subject: `Rappel\u00a0: ${event.title}, demain`,
      preview: `Le ${whenOf(event)}${place(event)}.`,
      heading: "À demain\u00a0!",
      blocks: [
        { type: "paragraph", text: `Bonjour ${person.name},` },
        { type: "paragraph", text: `Nous vous rappelons votre inscription à «\u00a0${event.title}\u00a0», le ${whenOf(event)}${place(event)}.` },
        { type: "items", items: [{ title: event.title, href: eventLink(event) }] },
      ],
    },
    { attachments: [eventIcs(env, event, now)] },
  );
}

export function organizerMessage(env: MailEnv, event: EventLike, person: Person, subject: string, text: string): OutgoingMail {
  return outgoing(env, "registration-message", person, {
    subject,
    heading: event.title,
    blocks: [
      { type: "paragraph", text: `Bonjour ${person.name},` },
      { type: "paragraph", text },
      { type: "items", items: [{ title: event.title, href: eventLink(event), text: `Le ${whenOf(event)}${place(event)}` }] },
    ],
    footer: { text: `Vous recevez ce message parce que vous êtes inscrit à cet événement de ${mailSite(env).name}.` },
  });
}
