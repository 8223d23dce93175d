// Edit one secret's rotation policy; after saving it shows the next rotation the service
// computed (from the update response).
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Secret } from '../../../../../../shared/api/clusters/secrets';
import { FormDialog } from '../../../../components/form/FormDialog';
import { useValidatedForm } from '../../../../components/form/use-validated-form';
import { formatDateTime, relativeTime } from '../../../../platform/relative-time';
import { RotationFields } from './RotationFields';
import { rotationFormOf, toRotationPolicy } from './secret-form';
import { useSecrets } from './secrets-store';

function NextRotation({ secret }: { secret: Secret }) {
  const p = secret.rotation_policy;
  if (!p.enabled || !p.next_rotation) return <Typography variant="body2">Rotation is off.</Typography>;
  return (
    <Typography variant="body2" data-testid="rotation-next">
      Next rotation: <b>{formatDateTime(p.next_rotation)}</b> ({relativeTime(p.next_rotation)})
    </Typography>
  );
}

export function RotationPolicyDialog({ clusterId, secret, onClose }: { clusterId: string; secret: Secret | null; onClose(): void }) {
  const [saved, setSaved] = useState<Secret | null>(null);
  const state = useValidatedForm({
    open: secret !== null,
    resetKey: secret,
    initial: () => (secret ? rotationFormOf(secret) : { enabled: false, intervalDays: '90', notifyDaysBefore: '7' }),
    validate: toRotationPolicy,
    showErrors: 'at-submit',
    onReset: () => setSaved(null),
    submit: async (policy) => {
      if (!secret) return;
      setSaved(await useSecrets.getState().update(clusterId, secret.name, { rotation_policy: policy }));
    },
  });
  const { form, setForm, errors } = state;

  return (
    <FormDialog
      open={secret !== null}
      onClose={onClose}
      testId="rotation-dialog"
      titleId="rotation-title"
      title={<>Rotation policy of {secret?.name}</>}
      state={state}
      submitLabel="Save policy"
      cancelLabel={saved ? 'Done' : 'Cancel'}
    >
      {saved ? (
        <Alert severity="success">
          Policy saved. <NextRotation secret={saved} />
        </Alert>
      ) : (
        secret && <NextRotation secret={secret} />
      )}
      <RotationFields
        value={form}
        onChange={(v) => {
          setForm(v);
          setSaved(null);
        }}
        errors={errors}
      />
    </FormDialog>
  );
}
