// Status pages, with their cards, theme, incidents and keys.
import { z } from 'zod';
import { Incident } from './incidents.schemas.js';
import { Service } from './services.schemas.js';
import { DateOnly, paginated } from './shared.schemas.js';

const HexColor = z.string().regex(/^#([0-9A-F]{3}|[0-9A-F]{6})$/, 'expected an upper-case hex color like #1A2B3C');
export const THEME_COLOR_FIELDS = [
  'bodyBackgroundColor',
  'headerBackgroundColor',
  'headerFontColor',
  'titleFontColor',
  'bodyFontColor',
  'bodyFontColorMuted',
  'navigationFontColor',
  'linkFontColor',
  'cardBackgroundColor',
  'borderColor',
  'primaryButtonBackgroundColor',
  'primaryButtonFontColor',
] as const;
export const ThemeColors = z.object(
  Object.fromEntries(THEME_COLOR_FIELDS.map((field) => [field, HexColor])) as Record<(typeof THEME_COLOR_FIELDS)[number], typeof HexColor>,
);

export const StatusPageCard = z.object({
  id: z.string(),
  name: z.string(),
  services: z.array(Service),
  created_at: DateOnly,
  updated_at: DateOnly.nullable().optional(),
});

export const StatusPageKey = z.object({
  id: z.string(),
  maskedKey: z.string(),
  created_at: DateOnly,
  updated_at: DateOnly.nullable().optional(),
});

export const StatusPage = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  accountId: z.string(),
  description: z.string().max(500).nullable().optional(),
  customDomain: z.string().nullable().optional(),
  logo: z.string().nullable().optional(),
  favicon: z.string().nullable().optional(),
  redirectTo: z.string().nullable().optional(),
  defaultTheme: z.enum(['LIGHT', 'DARK', 'AUTO']).optional(),
  themeColors: z.object({ light: ThemeColors, dark: ThemeColors }).nullable().optional(),
  cards: z.array(StatusPageCard),
  incidents: z.array(Incident),
  isPrivate: z.boolean(),
  keys: z.array(StatusPageKey),
  created_at: DateOnly,
  updated_at: DateOnly.nullable().optional(),
});

export const StatusPageList = paginated(StatusPage);

export type StatusPage = z.infer<typeof StatusPage>;
export type StatusPageCard = z.infer<typeof StatusPageCard>;
