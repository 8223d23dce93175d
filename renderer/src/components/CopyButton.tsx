// The one copy button: clipboard API, with a selection-based fallback for contexts where
// it is unavailable; confirms with a tooltip rather than a toast to stay quiet.
import Check from '@mui/icons-material/Check';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // fall through to the selection fallback (permission denied, insecure context)
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('Copy is not available here; select the text and copy it by hand.');
}

export function CopyButton({
  value,
  label = 'Copy',
  variant = 'icon',
  onError,
  onCopied,
}: {
  value: string;
  label?: string;
  variant?: 'icon' | 'button';
  onError?(message: string): void;
  /** Told once the value is on the clipboard (e.g. a one-time key may now be dismissed). */
  onCopied?(): void;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = () =>
    copyText(value).then(
      () => {
        setCopied(true);
        onCopied?.();
      },
      (e: unknown) => onError?.(e instanceof Error ? e.message : 'Copy failed'),
    );
  const icon = copied ? <Check fontSize="small" color="success" /> : <ContentCopy fontSize="small" />;
  return (
    <Tooltip title={copied ? 'Copied' : label}>
      {variant === 'icon' ? (
        <IconButton aria-label={label} onClick={copy} size="small">
          {icon}
        </IconButton>
      ) : (
        <Button startIcon={icon} onClick={copy} variant="outlined" size="small">
          {copied ? 'Copied' : label}
        </Button>
      )}
    </Tooltip>
  );
}
