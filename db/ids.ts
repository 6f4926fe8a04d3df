/** A new random identifier: 24 hex characters, the shape of the ids the API has always exposed as `_id`. */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
