import { Button } from '@mui/material';
import GridOnIcon from '@mui/icons-material/GridOn';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

/** Beside 'Add New Role': opens the permission matrix. */
export function MatrixButton() {
  const translate = useTranslate();
  return (
    <Button variant="outlined" component={Link} to="/roles/matrix" startIcon={<GridOnIcon />}>
      {translate('app.matrix.title')}
    </Button>
  );
}
