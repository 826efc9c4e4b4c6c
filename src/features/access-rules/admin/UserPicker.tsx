import { useEffect, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { api } from '../../../core/admin/api/http';

export interface PickedUser {
  _id: string;
  name: string;
  email: string;
}

/** What the user typed, once they paused (one search per pause, not per key). */
function useSettled(text: string, ms = 300): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const id = window.setTimeout(() => setSettled(text), ms);
    return () => window.clearTimeout(id);
  }, [text, ms]);
  return settled;
}

/** A user chosen by typing part of their name or e-mail, as a ref field's choice list does. */
export function UserPicker({ value, onChange }: { value: PickedUser | null; onChange: (u: PickedUser | null) => void }) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const q = useSettled(text);
  const { data, isFetching } = useQuery({
    queryKey: ['app', 'explain-users', q],
    queryFn: () => api<{ data: PickedUser[] }>(`/api/auth/users?limit=20&sort=name&order=ASC${q ? `&q=${encodeURIComponent(q)}` : ''}`),
    retry: false,
  });
  return (
    <Autocomplete
      options={data?.data ?? []}
      value={value}
      onChange={(_, u) => onChange(u)}
      inputValue={text}
      onInputChange={(_, v) => setText(v)}
      getOptionLabel={(u) => `${u.name} (${u.email})`}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      filterOptions={(x) => x}
      loading={isFetching}
      loadingText={translate('ra.page.loading')}
      noOptionsText={translate('ra.navigation.no_results', { name: '' })}
      renderInput={(params) => <TextField {...params} label={translate('app.access.explain_user')} size="small" />}
      sx={{ minWidth: { xs: '100%', sm: 260 }, flex: { xs: '1 1 100%', sm: '1 1 260px' } }}
      data-testid="explain-user"
    />
  );
}
