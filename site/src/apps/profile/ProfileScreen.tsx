/**
 * /user/profile (spec §2): the member's profile read-only, social links as buttons opening in a new tab, and
 * « Modifier mon profil » opening the edit modal.
 */
import { lazy, Suspense, useRef, useState } from "react";
import { fullName } from "../../lib/format";
import { groupsText, hasLink, SOCIAL_LABELS } from "../lib/labels";
import { useViewer } from "../stores/viewer";
import { Avatar } from "../ui/Avatar";
import { GoogleLink } from "./GoogleLink";
import { NotificationSettings } from "./NotificationSettings";
import { NewsletterSubscription } from "./NewsletterSubscription";
import { safeHref, SOCIAL_KEYS } from "./social-links";
import { useScrollToSection } from "./scroll-to-section";
import { TwoFactorSection } from "./TwoFactorSection";
import "./ProfileScreen.css";

// « Modifier mon profil » and its picture cropper load when the member asks for them (issue 32: the page's first
// load stays within the apps' 80 KB); pointing at the button or focusing it starts the download.
const loadModal = () => import("./ProfileModal");
const ProfileModal = lazy(() => loadModal().then((m) => ({ default: m.ProfileModal })));

export default function ProfileScreen() {
  const viewer = useViewer();
  const [editing, setEditing] = useState(false);
  // Mounted from the first opening on, so that closing it runs the dialog's own ending (focus back, history).
  const [opened, setOpened] = useState(false);
  const root = useRef<HTMLElement>(null);
  useScrollToSection(root);
  const links = SOCIAL_KEYS.flatMap((k) => {
    const value = viewer.socialLinks[k];
    const href = hasLink(value) ? safeHref(value) : null;
    return href ? [{ key: k, href, label: SOCIAL_LABELS[k] }] : [];
  });
  const rows: [string, string][] = [
    ["Prénom", viewer.firstname],
    ["Nom", viewer.name],
    ["Alias", viewer.nickname],
    ["E-mail", viewer.email],
    ["Groupes", groupsText(viewer.groups)],
    ["Domaine", viewer.domain.trim() || "-"],
  ];
  return (
    <section className="profile-view" ref={root}>
      <h1>Mon profil</h1>
      <div className="profile-head">
        <Avatar file={viewer.profilePic} name={fullName(viewer)} size={150} decorative />
        <p className="profile-name">{fullName(viewer)}</p>
      </div>
      <dl className="profile-fields">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {viewer.biography.trim() && (
          <div className="profile-bio">
            <dt>Biographie</dt>
            <dd>{viewer.biography}</dd>
          </div>
        )}
      </dl>
      {links.length > 0 && (
        <ul className="profile-links" aria-label="Réseaux sociaux">
          {links.map((l) => (
            <li key={l.key}>
              <a className="btn btn-small btn-outline" href={l.href} target="_blank" rel="noopener noreferrer">
                {l.label}
                <span className="sr-only"> (nouvel onglet)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <GoogleLink />
      <p>
        <button
          type="button"
          className="btn"
          onPointerEnter={() => void loadModal()}
          onFocus={() => void loadModal()}
          onClick={() => {
            setOpened(true);
            setEditing(true);
          }}
        >
          Modifier mon profil
        </button>
      </p>
      {opened && (
        <Suspense fallback={<p role="status">Chargement du formulaire…</p>}>
          <ProfileModal open={editing} onClose={() => setEditing(false)} />
        </Suspense>
      )}
      <TwoFactorSection />
      <NotificationSettings />
      <NewsletterSubscription />
    </section>
  );
}
