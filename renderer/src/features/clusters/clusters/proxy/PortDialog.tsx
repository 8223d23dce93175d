// Add or edit a port mapping. Fields are checked as they change with the shared schemas;
// Save stays disabled while a shown field is invalid. API errors land on the field they
// concern (PORT_CONFLICT on the external port, naming the mapping that holds it); others
// appear in the dialog with their details. The dialog stays open.
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { CreatePortMappingRequest, PortMapping, UpdatePortMappingRequest } from '../../../../../../shared/api/clusters/ports';
import { notify } from '../../../../platform/notifications-store';
import { FormDialog } from '../../../../components/form/FormDialog';
import { useValidatedForm } from '../../../../components/form/use-validated-form';
import { PortAccessFields } from './PortAccessFields';
import {
  emptyPortForm,
  PORT_LABELS,
  portApiErrorFields,
  portFormFrom,
  toCreatePortRequest,
  toUpdatePortRequest,
  type PortForm,
} from './port-form';
import { HealthFields, MappingFields } from './PortFields';
import { useProxy } from './proxy-store';

export interface PortDialogProps {
  open: boolean;
  /** The mapping to edit; null adds one. */
  port: PortMapping | null;
  team: readonly string[];
  onClose(): void;
}

/** A field's error shows once the field changed (the IP list counts as one field for its entries), or after a submit. */
function visible(field: string, { touched, submitted }: { touched: ReadonlySet<string>; submitted: boolean }): boolean {
  if (submitted) return true;
  if (field.startsWith('ip.')) return touched.has('ipWhitelist');
  return touched.has(field);
}

export function PortDialog({ open, port, team, onClose }: PortDialogProps) {
  const editing = port !== null;
  const state = useValidatedForm({
    open,
    resetKey: port,
    initial: () => (port ? portFormFrom(port) : emptyPortForm()),
    validate: (f: PortForm) => (editing ? toUpdatePortRequest(f) : toCreatePortRequest(f)),
    showErrors: visible,
    placeApiError: (e) => portApiErrorFields(e, useProxy.getState().proxy?.port_mappings ?? []),
    submit: async (request) => {
      const store = useProxy.getState();
      if (editing) {
        const saved = await store.updatePort(port.id, request as UpdatePortMappingRequest);
        notify('success', `Port ${saved.internal_port} → ${saved.external_port} updated`);
      } else {
        const saved = await store.createPort(request as CreatePortMappingRequest);
        notify(
          'success',
          `Port ${saved.internal_port} mapped to ${saved.external_port}${state.form.externalPort.trim() === '' ? ' (assigned automatically)' : ''}`,
        );
      }
      onClose();
    },
  });

  const title = editing ? `Edit port ${port.internal_port} → ${port.external_port}` : 'Add port mapping';
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      testId="port-dialog"
      titleId="port-dialog-title"
      title={title}
      dividers
      scrollContent
      spacing={2.5}
      state={state}
      fieldLabels={PORT_LABELS}
      submitLabel={editing ? 'Save changes' : 'Add mapping'}
      // Save stays disabled while a shown field fails the form's own checks (an API error may not recur).
      submitDisabled={Object.keys(state.formErrors).length > 0}
      submitTestId="port-save"
    >
      <MappingFields state={state} editing={editing} />
      <Divider />
      <HealthFields state={state} />
      <Divider />
      <Typography variant="subtitle2">Access control</Typography>
      <PortAccessFields state={state} team={team} />
    </FormDialog>
  );
}
