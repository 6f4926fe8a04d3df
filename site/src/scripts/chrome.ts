/**
 * All behaviour of the page chrome, kept tiny and framework-free: mobile menu, burger for nav items that do not
 * fit, scroll-to-top and preloader removal. Every part degrades to plain links when this script does not run.
 */
const root = document.documentElement;
const q = <T extends Element>(sel: string) => document.querySelector<T>(sel);
const mobile = matchMedia("(max-width: 767.98px)");
const reduceMotion = matchMedia("(prefers-reduced-motion: reduce)");

// Mobile menu: an open state on the page, a swapped icon and an accessible label.
const toggle = q<HTMLButtonElement>("[data-menu-toggle]");
function setMenu(open: boolean) {
  root.classList.toggle("menu-open", open);
  if (!toggle) return;
  toggle.setAttribute("aria-expanded", String(open));
  q<HTMLElement>("[data-icon-open]")!.hidden = open;
  q<HTMLElement>("[data-icon-close]")!.hidden = !open;
  q("[data-menu-label]")!.textContent = open ? "Fermer le menu" : "Ouvrir le menu";
}
toggle?.addEventListener("click", () => setMenu(!root.classList.contains("menu-open")));

// Burger for the items that do not fit on one line (desktop widths only).
const list = q<HTMLElement>("[data-nav-list]");
const more = q<HTMLElement>("[data-nav-more]");
const moreBtn = q<HTMLButtonElement>("[data-nav-more-btn]");
const items = [...document.querySelectorAll<HTMLElement>("[data-nav-item]")];
const copies = [...document.querySelectorAll<HTMLElement>("[data-nav-copy]")];
function setMore(open: boolean) {
  moreBtn?.setAttribute("aria-expanded", String(open));
  more?.classList.toggle("is-open", open);
}
moreBtn?.addEventListener("click", () => setMore(moreBtn.getAttribute("aria-expanded") !== "true"));

function fit() {
  if (!list || !more) return;
  // A re-measure (300 ms after load, on resize) must not close a burger the visitor has just opened.
  const wasOpen = moreBtn?.getAttribute("aria-expanded") === "true";
  items.forEach((el) => (el.hidden = false));
  copies.forEach((el) => (el.hidden = true));
  more.hidden = true;
  setMore(false);
  if (mobile.matches) return;
  // Items are right-aligned, so an overflow spills to the left: compare their total width with the list's.
  const gap = parseFloat(getComputedStyle(list).columnGap) || 0;
  const overflows = () => {
    const shown = items.filter((el) => !el.hidden);
    const used = shown.reduce((sum, el) => sum + el.getBoundingClientRect().width + gap, -gap);
    return used > list.clientWidth + 1;
  };
  if (!overflows()) return;
  more.hidden = false;
  // Keep "Accueil" in the bar; move the rest, last first, until the bar fits.
  for (let i = items.length - 1; i > 0 && overflows(); i--) {
    items[i]!.hidden = true;
    copies[i]!.hidden = false;
  }
  setMore(wasOpen);
}

let frame = 0;
const refit = () => {
  cancelAnimationFrame(frame);
  frame = requestAnimationFrame(fit);
};
fit();
addEventListener("resize", refit);
mobile.addEventListener("change", () => {
  setMenu(false);
  refit();
});
// Web fonts are not used, but late layout shifts (scrollbar, zoom) still happen: measure again after load (spec).
addEventListener("load", () => setTimeout(refit, 300));

// Choosing a link or pressing Escape closes whatever menu is open.
q(".site-header")?.addEventListener("click", (e) => {
  if ((e.target as Element).closest("a")) {
    setMenu(false);
    setMore(false);
  }
});
document.addEventListener("click", (e) => {
  if (more && !more.contains(e.target as Node)) setMore(false);
});
document.addEventListener("keydown", (e) => {
  if (e.key !== "Escape") return;
  if (root.classList.contains("menu-open")) {
    setMenu(false);
    toggle?.focus();
  }
  if (moreBtn?.getAttribute("aria-expanded") === "true") {
    setMore(false);
    moreBtn.focus();
  }
});

// Scroll-to-top control: visible beyond 100 px of scroll.
const up = q<HTMLButtonElement>("[data-scroll-top]");
const onScroll = () => up?.classList.toggle("is-visible", scrollY > 100);
addEventListener("scroll", onScroll, { passive: true });
onScroll();
up?.addEventListener("click", () => {
  scrollTo({ top: 0, behavior: reduceMotion.matches ? "auto" : "smooth" });
  q<HTMLElement>("#contenu")?.focus({ preventScroll: true });
});

// Preloader: removed once the page has loaded (CSS already fades it on its own).
const removePreloader = () => q("[data-preloader]")?.remove();
if (document.readyState === "complete") removePreloader();
else addEventListener("load", removePreloader);
