import { Avatar } from '@mui/material';
import { initials } from './initials';

export function UserAvatar({ name, image, email, size = 32 }: { name?: string; image?: string; email?: string; size?: number }) {
  return (
    <Avatar src={image || undefined} alt={name} sx={{ width: size, height: size, fontSize: size * 0.42 }}>
      {initials(name, email)}
    </Avatar>
  );
}
