/**
 * The authenticator app: turn on (QR code and the key in text, then a first code), the ten recovery codes shown
 * once, new codes, and turning off (password and a code). Every step is a small form in place, so focus and the
 * page never jump away from what the member is doing.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { errorText } from "../lib/api";
import { toast } from "../stores/toasts";
import { factorsChanged } from "../owner-proof/OwnerProofFields";
import { loadStatus, startTotp, type TotpEnrolment, type TwoFactorStatus } from "./two-factor-client";

// The steps' forms load when one starts (TwoFactorSteps.tsx): the page's first paint shows only the state.
const loadSteps = () => import("./TwoFactorSteps");
const Enrol = lazy(() => loadSteps().then((m) => ({ default: m.Enrol })));
const RecoveryCodes = lazy(() => loadSteps().then((m) => ({ default: m.RecoveryCodes })));
const Disable = lazy(() => loadSteps().then((m) => ({ default: m.Disable })));
const Renew = lazy(() => loadSteps().then((m) => ({ default: m.Renew })));
const stepLoading = <p role="status">Chargement…</p>;

type Step =
  | { kind: "idle" }
  | { kind: "enrolling"; enrolment: TotpEnrolment }
  | { kind: "codes"; codes: string[] }
  | { kind: "disabling" }
  | { kind: "renewing" };

export function TwoFactorTotp() {
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [loadError, setLoadError] = useState("");
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [busy, setBusy] = useState(false);

  const reload = () =>
    loadStatus()
      .then((s) => {
        setStatus(s);
        setLoadError("");
      })
      .catch((e) => setLoadError(errorText(e, "Erreur lors du chargement de la double authentification")));
  useEffect(() => {
    void reload();
  }, []);

  async function begin() {
    setBusy(true);
    // The form's code comes while the server prepares the key.
    void loadSteps();
    try {
      setStep({ kind: "enrolling", enrolment: await startTotp() });
    } catch (e) {
      toast.error(errorText(e, "Erreur lors de l’activation"));
    } finally {
      setBusy(false);
    }
  }

  if (!status) {
    return (
      <div className="two-factor-block">
        <h3>Application d’authentification</h3>
        {loadError ? <p className="form-error">{loadError}</p> : <p role="status">Chargement...</p>}
      </div>
    );
  }

  return (
    <div className="two-factor-block">
      <h3>Application d’authentification</h3>
      {step.kind === "codes" ? (
        <Suspense fallback={stepLoading}>
          <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: "idle" })} />
        </Suspense>
      ) : step.kind === "enrolling" ? (
        <Suspense fallback={stepLoading}>
          <Enrol
            enrolment={step.enrolment}
            onCancel={() => setStep({ kind: "idle" })}
            onEnabled={(codes) => {
              // The other forms of the page now ask a code too.
              factorsChanged();
              setStep({ kind: "codes", codes });
              void reload();
            }}
          />
        </Suspense>
      ) : status.totp ? (
        <>
          <p className="two-factor-state">
            <span className="badge badge-on">Activée</span> Un code vous est demandé après votre mot de passe.
          </p>
          <p>
            Codes de secours restants : <strong>{status.recoveryCodesLeft}</strong> sur 10.
          </p>
          {step.kind === "disabling" ? (
            <Suspense fallback={stepLoading}>
              <Disable
                onCancel={() => setStep({ kind: "idle" })}
                onDone={() => {
                  factorsChanged();
                  setStep({ kind: "idle" });
                  toast.success("Double authentification désactivée.");
                  void reload();
                }}
              />
            </Suspense>
          ) : step.kind === "renewing" ? (
            <Suspense fallback={stepLoading}>
              <Renew
                onCancel={() => setStep({ kind: "idle" })}
                onDone={(codes) => {
                  setStep({ kind: "codes", codes });
                  void reload();
                }}
              />
            </Suspense>
          ) : (
            <p className="two-factor-actions">
              <button type="button" className="btn btn-small btn-outline" onClick={() => setStep({ kind: "renewing" })}>
                Nouveaux codes de secours
              </button>
              {!status.required && (
                <button type="button" className="btn btn-small btn-outline" onClick={() => setStep({ kind: "disabling" })}>
                  Désactiver
                </button>
              )}
            </p>
          )}
        </>
      ) : (
        <>
          {status.required && (
            <p className="two-factor-required" role="alert">
              Les administrateurs doivent activer la double authentification avant d’accéder à leur espace.
            </p>
          )}
          <p>
            Après votre mot de passe, un code à 6 chiffres donné par une application d’authentification (Aegis, FreeOTP,
            Google Authenticator, 1Password…) vous sera demandé : votre mot de passe seul ne suffira plus.
          </p>
          <p>
            <button type="button" className="btn" onClick={begin} disabled={busy}>
              {busy ? "Préparation..." : "Activer la double authentification"}
            </button>
          </p>
        </>
      )}
    </div>
  );
}

