/**
 * The image cropper (spec §4, §9) as a modal: the picture chosen by the person, a crop frame starting at 80 % of
 * the largest frame that fits, moved with the mouse, touch or the arrow keys, a zoom slider, no rotation; the
 * result is a JPEG Blob of the requested size. react-easy-crop loads only when a cropper is first opened.
 *
 *   <ImageCropper open={!!file} source={file} aspect={1} output={{ maxSide: 300 }}
 *     onCancel={() => setFile(null)}
 *     onCropped={async (blob) => { …send it… }} saving={saving} />
 */
import { lazy, Suspense } from "react";
import type { CropOutput } from "./crop-image";

export type ImageCropperProps = {
  open: boolean;
  /** The chosen file (or an URL of an image already on this site). */
  source: File | Blob | string | null;
  /** Width / height of the frame: 1 for profile pictures, 16 / 9 for article pictures. */
  aspect: number;
  output: CropOutput;
  title?: string;
  submitLabel?: string;
  onCancel: () => void;
  /** Receives the cropped JPEG; the modal shows the saving state until a returned promise settles. */
  onCropped: (blob: Blob) => void | Promise<void>;
  /** An outside save is running (submit disabled, ⏳). */
  saving?: boolean;
};

const Dialog = lazy(() => import("./ImageCropperDialog"));

export function ImageCropper(props: ImageCropperProps) {
  if (!props.open || !props.source) return null;
  return (
    <Suspense fallback={<p role="status">Chargement...</p>}>
      <Dialog {...props} />
    </Suspense>
  );
}
