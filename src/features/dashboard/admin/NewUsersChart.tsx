import { useId } from 'react';
import { Box, useTheme } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate } from '../../../core/web/dates';
import { DashCard } from './DashCard';

const W = 600;
const H = 180;
const PAD = { top: 12, right: 8, bottom: 24, left: 32 };

/**
 * New users per day as bars, drawn in inline SVG (no chart library for one
 * small chart). Screen readers get a one-line summary as the image's name and
 * the full figures as a table (hidden on screen).
 */
export function NewUsersChart({ days }: { days: { day: string; count: number }[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const theme = useTheme();
  const titleId = useId();
  // The product's one date format. A day is a calendar date, not a moment: read at local
  // midnight (no 'Z'), it stays the same day whatever the browser's time zone.
  const label = (day: string) => formatDate(`${day}T00:00:00`, locale);
  const max = Math.max(1, ...days.map((d) => d.count));
  const total = days.reduce((s, d) => s + d.count, 0);
  const busiest = days.reduce((b, d) => (d.count > b.count ? d : b), days[0] ?? { day: '', count: 0 });
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, days.length);
  const summary =
    total === 0
      ? translate('app.dashboard.chart_none')
      : translate('app.dashboard.chart_summary', { smart_count: total, day: label(busiest.day), most: busiest.count });
  const title = translate('app.dashboard.chart_title');
  return (
    <DashCard title={title} minHeight={270} testId="dashboard-chart">
      <Box
        component="svg"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby={titleId}
        sx={{ width: '100%', height: 'auto', display: 'block', aspectRatio: `${W} / ${H}` }}
      >
        <title id={titleId}>{`${title}: ${summary}`}</title>
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke={theme.palette.divider} />
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" fontSize="11" fill={theme.palette.text.secondary}>
          {max}
        </text>
        <text x={PAD.left - 6} y={H - PAD.bottom} textAnchor="end" fontSize="11" fill={theme.palette.text.secondary}>
          0
        </text>
        {days.map((d, i) => {
          const h = (d.count / max) * innerH;
          return (
            <rect
              key={d.day}
              x={PAD.left + i * slot + slot * 0.15}
              y={H - PAD.bottom - h}
              width={slot * 0.7}
              height={h}
              rx={2}
              fill={theme.palette.primary.main}
            />
          );
        })}
        {days.length > 0 && (
          <>
            <text x={PAD.left} y={H - 6} fontSize="11" fill={theme.palette.text.secondary}>
              {label(days[0].day)}
            </text>
            <text x={W - PAD.right} y={H - 6} textAnchor="end" fontSize="11" fill={theme.palette.text.secondary}>
              {label(days[days.length - 1].day)}
            </text>
          </>
        )}
      </Box>
      <Box component="p" sx={{ m: 0, mt: 1, color: 'text.secondary', fontSize: '0.875rem' }} aria-hidden="true">
        {summary}
      </Box>
      {/* Hidden by a box around it: a table keeps the height of its rows whatever its own height says, and hidden
          itself it lengthened a phone's page by a screen of blank space. */}
      <Box sx={visuallyHidden}>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{translate('app.dashboard.day')}</th>
              <th scope="col">{translate('app.dashboard.new_users')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td>{label(d.day)}</td>
                <td>{d.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </DashCard>
  );
}
