// "Test connection" in the profile dialog: `profiles:test` with the address and key as typed
// (a saved profile's stored key when the key field is blank), and its answer in words —
// latency and what the key may do, or why it failed. A change to the fields drops the answer.
import NetworkCheck from '@mui/icons-material/NetworkCheck';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState } from 'react';
import type { NormalizedError } from '../../../../shared/api/errors';
import { channels, type Profile, type ProfileTestResult } from '../../../../shared/ipc/contract';
import { getBridge } from '../../bridge';
import { toNormalizedError } from '../../bridge/errors';
import { ErrorAlert } from '../../components/ErrorAlert';
import { fieldErrors } from '../../components/form/field-errors';
import { formatDateTime } from '../../platform/relative-time';
import type { ProfileFormErrors, ProfileValues } from './profile-form';

type TestState =
  { status: 'idle' } | { status: 'testing' } | { status: 'done'; result: ProfileTestResult } | { status: 'failed'; error: NormalizedError };

export interface ConnectionTestHandle {
  state: TestState;
  /** Field errors the last Test found (shown until the fields change). */
  errors: ProfileFormErrors;
  run(): Promise<void>;
}

const testSchema = channels['profiles:test'].request;

export function useConnectionTest(values: ProfileValues, profile: Profile | null): ConnectionTestHandle {
  const [state, setState] = useState<TestState>({ status: 'idle' });
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  const run = useRef(0);
  const { baseUrl, apiKey } = values;
  const remote = profile?.kind !== 'emulator';

  // An answer is about the fields as they were: a change drops it (and a test in flight).
  useEffect(() => {
    run.current++;
    setState({ status: 'idle' });
    setErrors({});
  }, [baseUrl, apiKey, profile?.id]);

  return {
    state,
    errors,
    async run() {
      if (!profile && apiKey === '') {
        setErrors({ apiKey: 'Enter the API key to test it' });
        return;
      }
      const parsed = testSchema.safeParse({
        ...(profile ? { id: profile.id } : {}),
        ...(remote ? { baseUrl } : {}),
        ...(apiKey !== '' ? { apiKey } : {}),
      });
      if (!parsed.success) {
        setErrors(
          fieldErrors<ProfileFormErrors>(parsed.error.issues, (path, issue) => {
            const field = path.split('.')[0] || 'form';
            return [
              field,
              field === 'baseUrl' && issue.code !== 'custom' ? 'Enter the full address, e.g. https://api.example.com' : issue.message,
            ];
          }),
        );
        return;
      }
      const mine = ++run.current;
      setErrors({});
      setState({ status: 'testing' });
      try {
        const result = await getBridge().invoke('profiles:test', parsed.data);
        if (mine === run.current) setState({ status: 'done', result });
      } catch (error) {
        if (mine === run.current) setState({ status: 'failed', error: toNormalizedError(error) });
      }
    },
  };
}

function KeyFacts({ result }: { result: ProfileTestResult }) {
  if (!result.key) return null;
  const { id, permissions, scopes, expiresAt } = result.key;
  return (
    <Box
      component="dl"
      sx={{ m: 0, mt: 0.5, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, fontSize: 13 }}
    >
      {(
        [
          ['Key', id],
          ['Permissions', permissions.join(', ') || 'none'],
          ['Scopes', scopes.join(', ') || 'none'],
          ['Expires', expiresAt ? formatDateTime(expiresAt) : 'never'],
        ] as const
      ).map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ fontWeight: 600 }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export function ConnectionTest({ test, disabled }: { test: ConnectionTestHandle; disabled: boolean }) {
  const { state } = test;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        size="small"
        onClick={() => void test.run()}
        disabled={disabled || state.status === 'testing'}
        startIcon={state.status === 'testing' ? <CircularProgress size={14} color="inherit" /> : <NetworkCheck />}
        data-testid="profile-test-button"
      >
        {state.status === 'testing' ? 'Testing…' : 'Test connection'}
      </Button>
      {test.errors.form && (
        <Alert severity="warning" sx={{ width: '100%' }}>
          {test.errors.form}
        </Alert>
      )}
      {state.status === 'done' && (
        <Alert
          severity={state.result.ok ? 'success' : 'error'}
          sx={{ width: '100%', boxSizing: 'border-box' }}
          data-testid="profile-test-result"
        >
          <AlertTitle sx={{ mb: 0 }}>
            {state.result.ok
              ? 'Connection works'
              : `Connection failed${state.result.latencyMs > 0 ? ` after ${state.result.latencyMs.toLocaleString()} ms` : ''}`}
          </AlertTitle>
          {state.result.message}
          <KeyFacts result={state.result} />
        </Alert>
      )}
      {state.status === 'failed' && <ErrorAlert error={state.error} sx={{ width: '100%' }} />}
    </Stack>
  );
}
