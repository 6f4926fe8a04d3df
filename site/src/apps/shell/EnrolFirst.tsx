/**
 * The one screen of an administrator held back by ADMIN_2FA=required (issue 33 §4): the authenticator app's
 * enrolment, scrolled into view, with its one message saying why (TwoFactorTotp says it when required). Nothing else of the space is mounted meanwhile: every
 * other call is refused by the server (api/modules/auth/enrolment-gate.ts), and the profile's other parts and the
 * back office's tables used to stack one error toast each. Once the app is on, the way on is a plain link.
 */
import { useEffect, useRef } from "react";
import { TwoFactorTotp } from "../profile/TwoFactorTotp";
import "../profile/TwoFactor.css";

export default function EnrolFirst() {
  const section = useRef<HTMLElement>(null);
  // Rendered after the page loaded, so the browser's own jump to the address's anchor found nothing yet.
  useEffect(() => section.current?.scrollIntoView({ block: "start" }), []);
  return (
    <section ref={section} className="two-factor enrol-first" id="double-authentification" aria-labelledby="enrol-first-title">
      <h1 id="enrol-first-title">Sécurité de la connexion</h1>
      <TwoFactorTotp />
      <p>
        <a href="/admin/dashboard">Continuer vers l'administration</a>
      </p>
    </section>
  );
}
