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
import type { ImageCropperProps } from "./image-cropper-props";

export type { ImageCropperProps };

const Dialog = lazy(() => import("./ImageCropperDialog"));

export function ImageCropper(props: ImageCropperProps) {
  if (!props.open || !props.source) return null;
  return (
    <Suspense fallback={<p role="status">Chargement...</p>}>
      <Dialog {...props} />
    </Suspense>
  );
}
