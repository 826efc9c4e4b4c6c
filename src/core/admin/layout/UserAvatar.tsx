import { Avatar } from '@mui/material';
import { initials } from './initials';

interface Props {
  name?: string;
  image?: string;
  email?: string;
  size?: number;
  /** Beside the name it stands for: hidden from screen readers, so a button's name is the text it shows. */
  decorative?: boolean;
}

export function UserAvatar({ name, image, email, size = 32, decorative = false }: Props) {
  return (
    <Avatar
      src={image || undefined}
      alt={decorative ? '' : name}
      aria-hidden={decorative || undefined}
      sx={{ width: size, height: size, fontSize: size * 0.42 }}
    >
      {initials(name, email)}
    </Avatar>
  );
}
