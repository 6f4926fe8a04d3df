/**
 * The live list of password rules (spec §5), green when met and red otherwise, with a word for each state so
 * colour is not the only signal. Give the list an id and point the password input's aria-describedby at it.
 *
 *   <input type="password" aria-describedby="pw-rules" … />
 *   <PasswordRules id="pw-rules" value={newPassword} />
 */
import { PASSWORD_RULES } from "./password-rules";
import "./PasswordRules.css";

export function PasswordRules({ value, id }: { value: string; id?: string }) {
  return (
    <ul className="password-rules" id={id} aria-label="Règles du mot de passe">
      {PASSWORD_RULES.map((rule) => {
        const ok = rule.test(value);
        return (
          <li key={rule.id} className={ok ? "is-met" : "is-unmet"}>
            <span aria-hidden="true">{ok ? "✓" : "✗"}</span> {rule.text}
            <span className="sr-only">{ok ? "\u00a0: respectée" : "\u00a0: non respectée"}</span>
          </li>
        );
      })}
    </ul>
  );
}
