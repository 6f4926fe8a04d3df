/**
 * « Sécurité de la connexion » on /user/profile: the authenticator app (TOTP) with its recovery codes, and the
 * member's passkeys. The login page sends an administrator here (#double-authentification) when the site
 * requires two-factor and they have none yet.
 */
import { TwoFactorPasskeys } from "./TwoFactorPasskeys";
import { TwoFactorTotp } from "./TwoFactorTotp";
import "./TwoFactor.css";

export function TwoFactorSection() {
  return (
    <section className="two-factor" id="double-authentification" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Sécurité de la connexion</h2>
      <TwoFactorTotp />
      <TwoFactorPasskeys />
    </section>
  );
}
