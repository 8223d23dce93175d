// Choosing a new avatar: the picked file shown under a square crop (react-easy-crop: drag to
// move, the slider or the wheel to zoom), the square sent to the API in pixels of the upright
// image (crop_x, crop_y, crop_size), and the upload's progress. The type and the sides are
// checked here first with the API's own rules, so most refusals need no upload.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { toNormalizedError } from '../../../bridge/errors';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { avatarCrop, checkAvatarFile, formatBytes } from './avatar-rules';
import { useProfile, type AvatarProgress } from './profile-store';

export interface PickedImage {
  file: File;
  /** The file as a data URL (the console shows data: images only). */
  src: string;
  width: number;
  height: number;
}

export function AvatarDialog({ picked, onClose }: { picked: PickedImage | null; onClose(): void }) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [progress, setProgress] = useState<AvatarProgress | null>(null);
  const [error, setError] = useState<NormalizedError | null>(null);
  const uploadAvatar = useProfile((s) => s.uploadAvatar);
  const busy = progress !== null;

  const upload = async () => {
    if (!picked || !area) return;
    setError(null);
    setProgress({ sent: 0, size: picked.file.size, processing: false });
    try {
      await uploadAvatar(picked.file, avatarCrop(area, picked), setProgress);
      setProgress(null);
      onClose();
    } catch (e) {
      setProgress(null);
      setError(toNormalizedError(e));
    }
  };

  const close = () => {
    if (busy) return;
    setError(null);
    setZoom(1);
    setCrop({ x: 0, y: 0 });
    onClose();
  };
  const problem = picked ? checkAvatarFile(picked) : null;

  return (
    <Dialog open={picked !== null} onClose={close} maxWidth="sm" fullWidth aria-labelledby="avatar-dialog-title">
      <DialogTitle id="avatar-dialog-title">Crop your avatar</DialogTitle>
      <DialogContent>
        {picked && (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              Drag the picture to place it in the square; zoom with the slider or the mouse wheel. The square is saved as a 512 × 512
              picture.
            </Typography>
            <div style={{ position: 'relative', height: 320, background: '#222', borderRadius: 4 }} data-testid="avatar-cropper">
              <Cropper
                image={picked.src}
                crop={crop}
                zoom={zoom}
                aspect={1}
                minZoom={1}
                maxZoom={Math.max(1, Math.min(picked.width, picked.height) / 100)}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={(_, pixels) => setArea(pixels)}
                objectFit="contain"
              />
            </div>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography variant="body2" id="avatar-zoom-label">
                Zoom
              </Typography>
              <Slider
                aria-labelledby="avatar-zoom-label"
                value={zoom}
                min={1}
                max={Math.max(1.01, Math.min(picked.width, picked.height) / 100)}
                step={0.01}
                onChange={(_, v) => setZoom(v as number)}
                disabled={busy}
              />
            </Stack>
            <Typography variant="caption" color="text.secondary" data-testid="avatar-file-facts">
              {picked.file.name} · {picked.width} × {picked.height} px · {formatBytes(picked.file.size)}
              {area ? ` · square of ${Math.round(area.width)} px at (${Math.round(area.x)}, ${Math.round(area.y)})` : ''}
            </Typography>
            {problem && <Alert severity="warning">{problem}</Alert>}
            {progress && (
              <Stack spacing={0.5}>
                <LinearProgress
                  variant={progress.processing ? 'indeterminate' : 'determinate'}
                  value={(100 * progress.sent) / Math.max(1, progress.size)}
                  aria-label="Upload progress"
                />
                <Typography variant="caption" color="text.secondary" role="status">
                  {progress.processing
                    ? 'Processing the picture…'
                    : `Uploading ${formatBytes(progress.sent)} of ${formatBytes(progress.size)}`}
                </Typography>
              </Stack>
            )}
            {error && <ErrorAlert error={error} />}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void upload()} disabled={busy || !area || problem !== null}>
          Upload avatar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
