// The frame of every section's editor: its panels, the API's refusal (with "Why?" on a 403),
// and a bar that says whether there are unsaved changes, with Discard and Save (Mod+S).
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import type { SettingsSection } from '../../../../../shared/api/accounts/settings';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { formatShortcut } from '../../../lib/shortcuts';
import type { SectionEditor } from './use-section-editor';

export function EditorFrame<K extends SettingsSection, F>({
  editor,
  label,
  children,
}: {
  editor: SectionEditor<K, F>;
  label: string;
  children: ReactNode;
}) {
  const hasFieldErrors = Object.keys(editor.errors).length > 0;
  const formRef = useRef<HTMLFormElement>(null);
  // A Save that ended with errors on fields brings the first into view (it may be far above the bar).
  useEffect(() => {
    if (editor.errorAttempt === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.scrollIntoView({ block: 'center' });
    first?.focus({ preventScroll: true });
  }, [editor.errorAttempt]);
  return (
    <Box component="form" ref={formRef} noValidate onSubmit={editor.onSubmit} aria-label={`${label} settings`}>
      <Stack spacing={2}>
        {children}
        {editor.errors.form && <Alert severity="error">{editor.errors.form}</Alert>}
        {editor.apiError && <ErrorAlert error={editor.apiError} />}
      </Stack>
      <Paper
        variant="outlined"
        sx={{ position: 'sticky', bottom: 0, mt: 2, px: 2, py: 1, zIndex: 2, display: 'flex', alignItems: 'center', gap: 1 }}
        data-testid="settings-save-bar"
      >
        <Typography variant="body2" color={hasFieldErrors ? 'error' : 'text.secondary'} sx={{ flex: 1 }} role="status">
          {hasFieldErrors
            ? 'Some fields need a change before this section can be saved'
            : editor.dirty
              ? `Unsaved changes to ${label}`
              : `${label}: all changes saved`}
        </Typography>
        <Button onClick={editor.discard} disabled={!editor.dirty || editor.busy}>
          Discard
        </Button>
        <Button type="submit" variant="contained" disabled={!editor.dirty || editor.busy} title={`Save (${formatShortcut('Mod+S')})`}>
          {editor.busy ? 'Saving…' : 'Save'}
        </Button>
      </Paper>
    </Box>
  );
}
