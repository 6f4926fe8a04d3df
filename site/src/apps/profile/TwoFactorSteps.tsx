/**
 * The authenticator app's steps (TwoFactorTotp.tsx): turn on (QR code, the key in text, a first code), the recovery
 * codes shown once, new codes, turning off. Loaded when the member starts one (issue 32: /user/profile's first
 * paint only shows the state and the buttons).
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { errorText } from "../lib/api";
import { toast } from "../stores/toasts";
import { proofBody, useProofNeeds } from "../owner-proof/OwnerProofFields";
import { FormField } from "../ui/FormField";
import { confirmTotp, disableTotp, renewRecoveryCodes, type TotpEnrolment } from "./two-factor-client";

/** The key in groups of four, as apps show it (spaces are ignored when typed). */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/**
 * The owner-present step's password for the forms below (their code field is the step's code): shown when the
 * account has a password.
 */
function CurrentPassword({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  const needs = useProofNeeds();
  if (!needs?.password) return null;
  return (
    <FormField label="Mot de passe actuel" required id={id}>
      {(field) => <input {...field} type="password" autoComplete="current-password" maxLength={200} value={value} onChange={(e) => onChange(e.target.value)} />}
    </FormField>
  );
}

/**
 * The code field of every step below: a number pad on phones for the app's 6 digits, switched to letters for a
 * recovery code.
 */
function CodeField({ value, onChange, error, id }: { value: string; onChange: (v: string) => void; error?: string; id: string }) {
  const [recovery, setRecovery] = useState(false);
  return (
    <FormField label="Code de vérification" required error={error} id={id} hint="Les 6 chiffres affichés par l’application, ou un code de secours.">
      {(field) => (
        <>
          <input
            {...field}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            inputMode={recovery ? "text" : "numeric"}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={20}
          />
          <button type="button" className="btn-link" onClick={() => setRecovery((r) => !r)}>
            {recovery ? "Saisir le code de l’application" : "Utiliser un code de secours"}
          </button>
        </>
      )}
    </FormField>
  );
}

type CodeFormProps = {
  id: string;
  className?: string;
  /** What comes before the code field: the step's explanation and any other field. */
  children: ReactNode;
  /** A French message when the typed code cannot be right, checked before anything is sent. */
  check?: (code: string) => string | null;
  /** Sends the code as typed; a throw shows the server's message under the field. */
  send: (code: string) => Promise<void>;
  fallback: string;
  submitLabel: string;
  busyLabel: string;
  danger?: boolean;
  onCancel: () => void;
};

/** One step that ends with a code (turn on, new recovery codes, turn off): its text, the code field, its buttons. */
function CodeForm({ id, className = "two-factor-form", children, check, send, fallback, submitLabel, busyLabel, danger, onCancel }: CodeFormProps) {
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    const problem = check?.(code);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      await send(code);
    } catch (err) {
      setError(errorText(err, fallback));
      setBusy(false);
    }
  }

  return (
    <form className={className} onSubmit={submit} noValidate>
      {children}
      <CodeField id={id} value={code} onChange={setCode} error={error} />
      <p className="two-factor-actions">
        <button type="submit" className={danger ? "btn btn-danger" : "btn"} disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          Annuler
        </button>
      </p>
    </form>
  );
}

export function Enrol({ enrolment, onEnabled, onCancel }: { enrolment: TotpEnrolment; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const heading = useRef<HTMLParagraphElement>(null);
  const [password, setPassword] = useState("");
  useEffect(() => heading.current?.focus(), []);

  return (
    <CodeForm
      id="totp-enrol-code"
      className="two-factor-enrol"
      check={(code) => (/^\s*\d{3}\s*\d{3}\s*$/.test(code) ? null : "Saisissez les 6 chiffres affichés par l’application.")}
      send={async (code) => {
        const { recoveryCodes } = await confirmTotp(code.replace(/\s/g, ""), proofBody({ currentPassword: password }));
        toast.success("Double authentification activée.");
        onEnabled(recoveryCodes);
      }}
      fallback="Erreur lors de la vérification du code"
      submitLabel="Confirmer"
      busyLabel="Vérification..."
      onCancel={onCancel}
    >
      <p ref={heading} tabIndex={-1} className="two-factor-lead">
        1. Scannez ce QR code avec votre application d’authentification.
      </p>
      <img className="two-factor-qr" src={enrolment.qrCode} width="200" height="200" alt="QR code à scanner avec votre application d’authentification" />
      <p>
        Vous ne pouvez pas scanner ? Saisissez cette clé dans l’application :{" "}
        <code className="two-factor-secret" data-secret={enrolment.secret}>
          {grouped(enrolment.secret)}
        </code>
      </p>
      <p className="two-factor-lead">2. Saisissez le code que l’application affiche pour confirmer.</p>
      <CurrentPassword id="totp-enrol-password" value={password} onChange={setPassword} />
    </CodeForm>
  );
}

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const copy = () =>
    navigator.clipboard
      .writeText(codes.join("\n"))
      .then(() => toast.success("Codes copiés."))
      .catch(() => toast.error("La copie a échoué : notez les codes à la main."));
  // A text file to keep offline, and a printed sheet (only the codes are printed: TwoFactor.css).
  const download = () => {
    const text = `Codes de secours — ${location.host}\r\nCréés le ${new Date().toLocaleDateString("fr-FR")}. Chacun sert une fois.\r\n\r\n${codes.join("\r\n")}\r\n`;
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const a = Object.assign(document.createElement("a"), { href: url, download: "codes-de-secours.txt" });
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const print = () => {
    document.body.classList.add("printing-codes");
    window.addEventListener("afterprint", () => document.body.classList.remove("printing-codes"), { once: true });
    window.print();
  };
  return (
    <div className="two-factor-codes">
      <h4 ref={title} tabIndex={-1}>
        Vos codes de secours
      </h4>
      <p>
        Si vous n’avez plus votre téléphone, chacun de ces codes remplace une fois le code de l’application. Notez-les
        maintenant dans un endroit sûr : <strong>ils ne seront plus affichés.</strong>
      </p>
      <ol className="two-factor-code-list" aria-label="Codes de secours">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <p className="two-factor-actions">
        <button type="button" className="btn btn-outline" onClick={copy}>
          Copier les codes
        </button>
        <button type="button" className="btn btn-outline" onClick={download}>
          Télécharger (.txt)
        </button>
        <button type="button" className="btn btn-outline" onClick={print}>
          Imprimer
        </button>
        <button type="button" className="btn" onClick={onDone}>
          J’ai noté mes codes
        </button>
      </p>
    </div>
  );
}

export function Disable({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [password, setPassword] = useState("");
  return (
    <CodeForm
      id="totp-disable-code"
      check={(code) => (code.trim() ? null : "Saisissez un code de vérification.")}
      send={async (code) => {
        await disableTotp(proofBody({ currentPassword: password, currentCode: code }));
        onDone();
      }}
      fallback="Erreur lors de la désactivation"
      submitLabel="Désactiver la double authentification"
      busyLabel="Désactivation..."
      danger
      onCancel={onCancel}
    >
      <p>Pour désactiver la double authentification, confirmez avec votre mot de passe et un code.</p>
      <CurrentPassword id="totp-disable-password" value={password} onChange={setPassword} />
    </CodeForm>
  );
}

export function Renew({ onDone, onCancel }: { onDone: (codes: string[]) => void; onCancel: () => void }) {
  const [password, setPassword] = useState("");
  return (
    <CodeForm
      id="totp-renew-code"
      send={async (code) => onDone((await renewRecoveryCodes(proofBody({ currentPassword: password, currentCode: code }))).recoveryCodes)}
      fallback="Erreur lors de la création des codes de secours"
      submitLabel="Créer de nouveaux codes"
      busyLabel="Création..."
      onCancel={onCancel}
    >
      <p>Les codes de secours actuels cesseront de fonctionner. Confirmez avec votre mot de passe et un code.</p>
      <CurrentPassword id="totp-renew-password" value={password} onChange={setPassword} />
    </CodeForm>
  );
}
