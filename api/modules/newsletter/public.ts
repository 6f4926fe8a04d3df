import { Elysia } from "elysia";
import { clientIp } from "../../lib/client-ip";
import { jsonOnly } from "../auth/json-only";
import { UNSUBSCRIBE_PAGE } from "./links";
import { ConfirmBody, MessageAnswer, OneClickBody, SubscribeBody, UnsubscribeQuery } from "./model";
import type { Newsletter } from "./service";

/**
 * The open routes: subscribe and confirm (JSON only, like the sign-in routes: a form on another site cannot post
 * to them), and the one-click unsubscribe of RFC 8058, which mail clients POST as a form
 * (`List-Unsubscribe=One-Click`, urlencoded or multipart) to the link of the `List-Unsubscribe` header.
 */
export const newsletterPublicRoutes = (newsletter: Newsletter) =>
  new Elysia({ name: "newsletter-public" })
    .post("/api/newsletter/subscribe", async ({ body, request }) => ({ message: await newsletter.subscribe(body, clientIp(request)) }), {
      ...jsonOnly,
      body: SubscribeBody,
      response: { 200: MessageAnswer },
    })
    .post("/api/newsletter/confirm", async ({ body }) => ({ message: await newsletter.confirm(body.token) }), {
      ...jsonOnly,
      body: ConfirmBody,
      response: { 200: MessageAnswer },
    })
    .post("/api/newsletter/unsubscribe", async ({ query }) => ({ message: await newsletter.unsubscribeByLink(query.id, query.sig) }), {
      query: UnsubscribeQuery,
      body: OneClickBody,
      response: { 200: MessageAnswer },
    })
    // A client without one-click support opens the header's link in a browser: the page, which asks for the click
    // (a GET never unsubscribes: link scanners and previews follow links).
    .get("/api/newsletter/unsubscribe", ({ query, redirect }) => redirect(`${UNSUBSCRIBE_PAGE}?${new URLSearchParams(query)}`, 303), {
      query: UnsubscribeQuery,
    });


