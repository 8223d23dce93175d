// A member's picture with their initials until (or unless) it can be shown: the same on the
// profile page, the team list and a member's detail.
import Avatar from '@mui/material/Avatar';
import { useAvatarImage } from './avatar-images';

/** Up to two initials of the name, else of the address. */
const initialsOf = (name: string | null, email: string) =>
  (name ?? email)
    .split(/\s+/)
    .map((w) => w.charAt(0).toUpperCase())
    .slice(0, 2)
    .join('');

export function MemberAvatar({
  url,
  name,
  email,
  size,
  testId,
}: {
  url: string | null;
  name: string | null;
  email: string;
  size: number;
  testId?: string;
}) {
  const image = useAvatarImage(url);
  return (
    <Avatar
      src={image ?? undefined}
      alt={name ?? email}
      sx={{ width: size, height: size, fontSize: Math.round(size / 3), flexShrink: 0 }}
      data-testid={testId}
      data-avatar={image ? 'picture' : 'initials'}
    >
      {initialsOf(name, email)}
    </Avatar>
  );
}
