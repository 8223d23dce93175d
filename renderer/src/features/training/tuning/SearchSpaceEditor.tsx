// The search-space editor: one row per parameter — name, type, then min and max (ranges) or the
// values as chips (a choice), and an optional condition in the shared grammar — each field with
// its own error under it.
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RowsEditor } from '../../../components/form/RowsEditor';
import { MONO_FONT } from '../../../lib/fonts';
import { FormField } from '../../../components/form/FormField';
import { newParamRow, PARAM_TYPES, type ParamRow, type ParamType, type TuningErrors } from './tuning-form';

const CONDITION_HELP = 'Optional: when to search it, e.g. strategy == "lora" or batch_size in [16, 32]';

export function SearchSpaceEditor({
  rows,
  onChange,
  errors,
}: {
  rows: ParamRow[];
  onChange(rows: ParamRow[]): void;
  errors: TuningErrors;
}) {
  return (
    <>
      {errors.params && (
        <Typography variant="body2" color="error" role="alert" className="Mui-error">
          {errors.params}
        </Typography>
      )}
      <RowsEditor
        rows={rows}
        onChange={onChange}
        newRow={newParamRow}
        addLabel="Add parameter"
        removeLabel={(i) => `Remove parameter ${i + 1}`}
        renderRow={(row, i, set) => {
          const err = (field: keyof ParamRow) => errors[`params.${i}.${field}`];
          const bound = { form: row, update: set, errors };
          const label = row.name || `parameter ${i + 1}`;
          return (
            <div
              style={{ display: 'grid', gridTemplateColumns: '180px 170px 1fr 1.4fr', gap: 8, flex: 1, minWidth: 0 }}
              data-testid={`param-row-${i}`}
            >
              <FormField
                form={bound}
                name="name"
                errorKey={`params.${i}.name`}
                label="Name"
                slotProps={{ htmlInput: { 'aria-label': `Parameter ${i + 1} name`, spellCheck: false, style: { fontFamily: MONO_FONT } } }}
              />
              <TextField
                select
                label="Type"
                size="small"
                value={row.type}
                onChange={(e) => set({ type: e.target.value as ParamType })}
                error={Boolean(err('type'))}
                helperText=" "
              >
                {PARAM_TYPES.map((t) => (
                  <MenuItem key={t.value} value={t.value}>
                    {t.label}
                  </MenuItem>
                ))}
              </TextField>
              {row.type === 'choice' ? (
                <Autocomplete
                  multiple
                  freeSolo
                  options={[]}
                  value={row.values}
                  onChange={(_, values) => set({ values: values.map(String) })}
                  renderValue={(values, getItemProps) =>
                    values.map((v, index) => {
                      const { key, ...itemProps } = getItemProps({ index });
                      return <Chip key={key} size="small" label={v} {...itemProps} />;
                    })
                  }
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label="Values"
                      size="small"
                      placeholder={row.values.length ? '' : 'Type a value, Enter'}
                      error={Boolean(err('values'))}
                      helperText={err('values') ?? ' '}
                      slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'aria-label': `Values of ${label}` } }}
                    />
                  )}
                />
              ) : (
                <div style={{ display: 'flex', gap: 8 }}>
                  <FormField
                    form={bound}
                    name="min"
                    errorKey={`params.${i}.min`}
                    label="Min"
                    inputMode="decimal"
                    sx={{ flex: 1 }}
                    slotProps={{ htmlInput: { 'aria-label': `Min of ${label}` } }}
                  />
                  <FormField
                    form={bound}
                    name="max"
                    errorKey={`params.${i}.max`}
                    label="Max"
                    inputMode="decimal"
                    sx={{ flex: 1 }}
                    slotProps={{ htmlInput: { 'aria-label': `Max of ${label}` } }}
                  />
                </div>
              )}
              <FormField
                form={bound}
                name="condition"
                errorKey={`params.${i}.condition`}
                label="Condition"
                hint={i === 0 && !row.condition ? CONDITION_HELP : ' '}
                placeholder="always"
                slotProps={{ htmlInput: { 'aria-label': `Condition of ${label}`, spellCheck: false, style: { fontFamily: MONO_FONT } } }}
              />
              {err('type') && (
                <Typography
                  variant="caption"
                  color="error"
                  className="Mui-error"
                  sx={{ gridColumn: '1 / -1', mt: -1.5, mb: 0.5, px: 1.75 }}
                >
                  {err('type')}
                </Typography>
              )}
            </div>
          );
        }}
      />
    </>
  );
}
