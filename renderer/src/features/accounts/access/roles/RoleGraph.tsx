// The inheritance of the roles drawn: each role a box (custom ones outlined in the primary colour),
// an arrow from a role down to each role that inherits it. The owner stands apart: it holds
// everything and no role may inherit it. Clicking a box selects its role's card.
import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { layoutRoleGraph } from './role-graph';
import type { SchemaRole } from './role-form';

const W = 150;
const H = 44;
const GAP_X = 24;
const GAP_Y = 44;
const PAD = 8;

interface RoleGraphProps {
  roles: readonly SchemaRole[];
  selected: string | null;
  onSelect(name: string): void;
}

export function RoleGraph({ roles, selected, onSelect }: RoleGraphProps) {
  const theme = useTheme();
  const layout = useMemo(() => layoutRoleGraph(roles), [roles]);
  const byName = new Map(roles.map((r) => [r.name, r]));
  const pos = new Map(layout.nodes.map((n) => [n.name, { x: PAD + n.x * (W + GAP_X), y: PAD + n.layer * (H + GAP_Y) }]));
  const width = PAD * 2 + layout.columns * (W + GAP_X) - GAP_X;
  const height = PAD * 2 + layout.layers * (H + GAP_Y) - GAP_Y;
  const line = theme.palette.text.secondary;
  return (
    <Box sx={{ overflowX: 'auto' }} data-testid="role-graph">
      <svg
        width={Math.max(width, 0)}
        height={Math.max(height, 0)}
        role="img"
        aria-label="Role inheritance: each arrow goes from a role to the role that inherits it"
      >
        <defs>
          <marker id="role-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill={line} />
          </marker>
        </defs>
        {layout.edges.map((e) => {
          const a = pos.get(e.from)!;
          const b = pos.get(e.to)!;
          const x1 = a.x + W / 2;
          const y1 = a.y + H;
          const x2 = b.x + W / 2;
          const y2 = b.y - 2;
          const mid = (y1 + y2) / 2;
          return (
            <path
              key={`${e.from}>${e.to}`}
              d={`M ${x1} ${y1} C ${x1} ${mid}, ${x2} ${mid}, ${x2} ${y2}`}
              fill="none"
              stroke={line}
              strokeWidth={1.25}
              markerEnd="url(#role-arrow)"
            />
          );
        })}
        {layout.nodes.map((n) => {
          const role = byName.get(n.name)!;
          const p = pos.get(n.name)!;
          const isSelected = selected === n.name;
          const accent = role.custom ? theme.palette.primary.main : theme.palette.text.secondary;
          return (
            <g
              key={n.name}
              transform={`translate(${p.x} ${p.y})`}
              onClick={() => onSelect(n.name)}
              style={{ cursor: 'pointer' }}
              data-testid={`role-node-${n.name}`}
            >
              <title>{`${role.displayName} (${role.name})${role.inherits.length ? `, inherits ${role.inherits.join(', ')}` : ''}`}</title>
              <rect
                width={W}
                height={H}
                rx={6}
                fill={isSelected ? alpha(theme.palette.primary.main, 0.16) : theme.palette.background.paper}
                stroke={accent}
                strokeWidth={isSelected ? 2.5 : 1.25}
              />
              <text x={W / 2} y={19} textAnchor="middle" fontSize={13} fontWeight={600} fill={theme.palette.text.primary}>
                {clip(role.displayName, 18)}
              </text>
              <text x={W / 2} y={35} textAnchor="middle" fontSize={11} fill={theme.palette.text.secondary}>
                {clip(role.custom ? `custom · ${role.name}` : role.name, 22)}
              </text>
            </g>
          );
        })}
      </svg>
    </Box>
  );
}

/** A box holds so many characters; the whole name is in its tooltip. */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
