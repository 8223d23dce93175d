// A team member picked by name or email; each option says the member's role and status.
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memberLabel, type TeamMember } from '../../../../../shared/api/accounts/team';

interface MemberPickerProps {
  members: readonly TeamMember[];
  loading: boolean;
  value: string | null;
  onChange(id: string | null): void;
  label: string;
  error?: string | null;
  width?: number;
}

export function MemberPicker({ members, loading, value, onChange, label, error = null, width = 300 }: MemberPickerProps) {
  return (
    <Autocomplete
      options={members}
      loading={loading}
      value={members.find((m) => m.id === value) ?? null}
      onChange={(_, m) => onChange(m?.id ?? null)}
      getOptionLabel={(m) => memberLabel(m)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={({ key, ...props }, m) => (
        <li key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {m.name ?? m.email}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {m.name ? `${m.email} · ` : ''}
              {m.role} · {m.status}
            </Typography>
          </Box>
        </li>
      )}
      sx={{ width }}
      renderInput={(params) => (
        <TextField {...params} label={label} size="small" placeholder="Name or email" error={error !== null} helperText={error ?? ' '} />
      )}
    />
  );
}
