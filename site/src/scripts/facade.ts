/** Swaps a click-to-load placeholder (EmbedFacade.astro) for the real player iframe. */
document.addEventListener("click", (event) => {
  const button = (event.target as Element).closest<HTMLButtonElement>("button[data-embed-src]");
  if (!button) return;
  const frame = document.createElement("iframe");
  frame.src = button.dataset.embedSrc!;
  frame.title = button.dataset.embedTitle ?? "Lecteur";
  frame.className = "embed-frame" + (button.dataset.embedAudio !== undefined ? " is-audio" : "");
  frame.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
  frame.allowFullscreen = true;
  frame.referrerPolicy = "strict-origin-when-cross-origin";
  button.replaceWith(frame);
  frame.focus();
});
