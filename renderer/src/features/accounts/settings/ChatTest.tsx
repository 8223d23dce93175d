// "Send test message": one real message to the chat webhook typed (saved or not), and what
// happened — the hook's status, the start of its answer and how long it took, or why it could
// not be reached.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { NormalizedError } from '../../../../../shared/api/errors';
import { toNormalizedError } from '../../../bridge/errors';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useSettings } from './settings-store';

type Result = Awaited<ReturnType<ReturnType<typeof useSettings.getState>['testChat']>>;

export function ChatTest({ url, channel }: { url: string; channel: string }) {
  const testChat = useSettings((s) => s.testChat);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<NormalizedError | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(await testChat(url.trim(), channel.trim() || null));
    } catch (e) {
      setError(toNormalizedError(e));
    } finally {
      setBusy(false);
    }
  };
  const reply = result?.response.chat_response;
  return (
    <Stack spacing={1} data-testid="chat-test">
      <Button
        variant="outlined"
        size="small"
        onClick={() => void run()}
        disabled={busy || url.trim() === ''}
        sx={{ alignSelf: 'flex-start' }}
      >
        {busy ? 'Sending…' : 'Send test message'}
      </Button>
      {result && (
        <Alert severity={result.status === 'sent' ? 'success' : 'error'} data-testid="chat-test-result">
          <Box>{result.message}</Box>
          {reply && reply.status !== null && (
            <Box sx={{ fontSize: 13, mt: 0.5 }}>
              The hook answered HTTP {reply.status} in {Math.round(reply.durationMs).toLocaleString('en-US')} ms
              {reply.body && (
                <Box
                  component="pre"
                  sx={{ m: 0, mt: 0.5, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 12, maxHeight: 120, overflow: 'auto' }}
                >
                  {reply.body}
                </Box>
              )}
            </Box>
          )}
        </Alert>
      )}
      {error && <ErrorAlert error={error} />}
    </Stack>
  );
}
