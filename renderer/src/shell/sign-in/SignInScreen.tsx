// Web mode without an accepted token: the console asks for the address its server printed.
// Pasting it signs in at once, without a reload (the bridge connects with the new token and
// the calls the shell already made go out then).
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ClipboardEvent, type FormEvent } from 'react';
import { getBridge } from '../../bridge';
import { tokenFromPaste } from '../../bridge/token';

export function SignInScreen({ refused }: { refused: boolean }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const signIn = (text: string) => {
    const parsed = tokenFromPaste(text, window.location);
    if (!parsed.ok) return setError(parsed.message);
    setError(null);
    getBridge().connection.signIn(parsed.token);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    signIn(value);
  };

  // A whole printed address pasted in signs in straight away; anything else waits for Enter.
  const onPaste = (event: ClipboardEvent) => {
    const text = event.clipboardData.getData('text');
    if (tokenFromPaste(text, window.location).ok) {
      event.preventDefault();
      setValue(text.trim());
      signIn(text);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}>
      <Paper component="form" onSubmit={onSubmit} variant="outlined" sx={{ p: 4, width: '100%', maxWidth: 560 }} data-testid="sign-in">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <LockOutlined color="primary" />
          <Typography variant="h5" component="h1">
            Sign in to GPU Operator Console
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          This console runs in a browser at {window.location.origin}. Paste the address its server printed when it started — the line{' '}
          <Box component="code" sx={{ fontFamily: 'monospace' }}>
            Console: http://…/#token=…
          </Box>{' '}
          of <Box component="code">npm run serve</Box> or <Box component="code">npm start</Box>.
        </Typography>
        {refused && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid="sign-in-refused">
            The server did not accept the token this browser had for it: it was probably restarted, which makes a new one. Paste the address
            it printed this time.
          </Alert>
        )}
        <TextField
          label="Console address or token"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          onPaste={onPaste}
          error={error !== null}
          helperText={
            error ?? "Kept by this browser for this console's address only (never in a cookie); a restarted server makes a new one."
          }
          fullWidth
          autoFocus
          autoComplete="off"
          slotProps={{ htmlInput: { spellCheck: false, 'aria-label': 'Console address or token' } }}
          sx={{ mb: 2 }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained">
            Sign in
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
