import { t, type Static } from "elysia";

/** What a restore paused and still waits for « Reprendre l'envoi ». */
export const HeldDeliveries = t.Object({
  /** Messages of the outbox in the state `held`. */
  messages: t.Number(),
  /** Newsletter issues paused while leaving. */
  issues: t.Number(),
});

export type HeldDeliveries = Static<typeof HeldDeliveries>;

/** The answer to « Reprendre l'envoi »: what was let go, and the sentence the screen shows. */
export const ResumeAnswer = t.Composite([HeldDeliveries, t.Object({ message: t.String() })]);

export type ResumeAnswer = Static<typeof ResumeAnswer>;
