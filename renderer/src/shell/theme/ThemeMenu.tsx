// Top-bar theme control: light, dark or follow the system.
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import SettingsBrightness from '@mui/icons-material/SettingsBrightness';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState, type ReactElement } from 'react';
import { useResolvedMode } from './AppThemeProvider';
import { useThemePreference, type ThemePreference } from '../../platform/theme-store';

const options: Array<{ value: ThemePreference; label: string; icon: ReactElement }> = [
  { value: 'light', label: 'Light', icon: <LightModeOutlined fontSize="small" /> },
  { value: 'dark', label: 'Dark', icon: <DarkModeOutlined fontSize="small" /> },
  { value: 'system', label: 'Follow system', icon: <SettingsBrightness fontSize="small" /> },
];

export function ThemeMenu() {
  const preference = useThemePreference((s) => s.preference);
  const setPreference = useThemePreference((s) => s.setPreference);
  const mode = useResolvedMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={`Theme: ${preference === 'system' ? `system (${mode})` : preference}`}>
        <IconButton
          color="inherit"
          aria-label="Theme"
          aria-haspopup="menu"
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="theme-button"
        >
          {preference === 'system' ? <SettingsBrightness /> : mode === 'dark' ? <DarkModeOutlined /> : <LightModeOutlined />}
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {options.map((o) => (
          <MenuItem
            key={o.value}
            selected={o.value === preference}
            onClick={() => {
              setPreference(o.value);
              setAnchor(null);
            }}
            data-testid={`theme-${o.value}`}
          >
            <ListItemIcon>{o.icon}</ListItemIcon>
            <ListItemText>{o.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
