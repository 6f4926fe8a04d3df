/**
 * The cropper's output (spec §9): the chosen area redrawn on a canvas as a JPEG, either with its longest side at
 * `maxSide` (profile pictures: 300 px) or at a fixed `width` (article pictures: 800 px), the ratio kept.
 */
export type CropArea = { x: number; y: number; width: number; height: number };
export type CropOutput = { maxSide: number } | { width: number };

/** Pixel size of the output for a crop of `area` (natural pixels of the source image). */
export function outputSize(area: Pick<CropArea, "width" | "height">, output: CropOutput): { width: number; height: number } {
  const scale = "maxSide" in output ? output.maxSide / Math.max(area.width, area.height) : output.width / area.width;
  return { width: Math.max(1, Math.round(area.width * scale)), height: Math.max(1, Math.round(area.height * scale)) };
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error("Image illisible"));
    img.src = src;
  });
}

/** Draws `area` of the image at `src` (an object URL) into a JPEG Blob of the output size. */
export async function cropToJpeg(src: string, area: CropArea, output: CropOutput, quality = 0.9): Promise<Blob> {
  const img = await loadImage(src);
  const size = outputSize(area, output);
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("Canvas indisponible");
  // JPEG has no transparency: a transparent PNG gets a white background instead of black.
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("Recadrage impossible"))), "image/jpeg", quality),
  );
}
