/** The body of ImageCropper, loaded on first use (react-easy-crop is not needed until a picture is chosen). */
import { useEffect, useId, useMemo, useState } from "react";
import Cropper, { type Area, type Point, type Size } from "react-easy-crop";
import "react-easy-crop/react-easy-crop.css";
import { cropToJpeg } from "./crop-image";
import type { ImageCropperProps } from "./image-cropper-props";
import { toast } from "../stores/toasts";
import { Modal } from "./Modal";
import "./ImageCropper.css";

/** The frame starts at this share of the largest frame of the given ratio that fits the picture (spec §9). */
const START_SHARE = 0.8;

export default function ImageCropperDialog(props: ImageCropperProps) {
  const { source, aspect, output, onCancel, onCropped } = props;
  const url = useMemo(() => (typeof source === "string" ? source : source ? URL.createObjectURL(source) : ""), [source]);
  useEffect(() => () => {
    if (typeof source !== "string" && url) URL.revokeObjectURL(url);
  }, [source, url]);

  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [frame, setFrame] = useState<Size | undefined>(undefined);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const hintId = useId();
  const zoomId = useId();
  const saving = busy || props.saving === true;

  const submit = async () => {
    if (!area) return;
    setBusy(true);
    try {
      await onCropped(await cropToJpeg(url, area, output));
    } catch {
      // The picture could not be drawn (unreadable file): the caller's own failures are its to report.
      toast.error("❌ Erreur lors du recadrage");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      size="lg"
      title={props.title ?? "Recadrer l'image"}
      onClose={onCancel}
      onSubmit={submit}
      submitLabel={props.submitLabel ?? "Recadrer"}
      submitDisabled={!area}
      saving={saving}
      guardChanges={false}
    >
      <div className="cropper-stage">
        <Cropper
          image={url}
          crop={crop}
          zoom={zoom}
          aspect={aspect}
          cropSize={frame}
          minZoom={1}
          maxZoom={3}
          showGrid
          disableAutomaticStylesInjection
          onCropChange={setCrop}
          onZoomChange={setZoom}
          // The library reports the largest frame that fits; the crop starts at 80 % of it. Sizes measured while
          // the dialog was still closed are zero and skipped (a resize observer reports again once it shows).
          onCropSizeChange={(size) =>
            setFrame((prev) =>
              prev ?? (size.width > 0 && size.height > 0 ? { width: size.width * START_SHARE, height: size.height * START_SHARE } : undefined),
            )
          }
          onCropComplete={(_, pixels) => setArea(pixels.width > 0 && pixels.height > 0 ? pixels : null)}
          mediaProps={{ alt: "Image à recadrer" }}
          cropperProps={{ role: "group", "aria-label": "Cadre de recadrage", "aria-describedby": hintId }}
        />
      </div>
      <p className="field-hint" id={hintId}>
        Déplacez l'image à la souris, au doigt ou avec les flèches du clavier une fois le cadre sélectionné.
      </p>
      <div className="field cropper-zoom">
        <label htmlFor={zoomId}>Zoom</label>
        <input id={zoomId} type="range" min={1} max={3} step={0.05} value={zoom} onChange={(e) => setZoom(Number(e.target.value))} />
      </div>
    </Modal>
  );
}
