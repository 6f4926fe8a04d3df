/** Props of the image cropper, apart so the lazily loaded dialog and its wrapper do not import each other. */
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
