// A status page's theme as CSS: its themeColors become CSS variables, one set per theme, and
// defaultTheme picks which applies (AUTO: the visitor's prefers-color-scheme). Every pair of a
// text color on a background that the page draws is checked against WCAG AA (4.5:1 for normal
// text); a pair that fails is drawn with black or white instead, whichever reads better on that
// background, and the override is reported so the server can log it.
import { colord } from 'colord';
import type { StatusPage } from '../../contract/schemas.js';
import type { THEME_COLOR_FIELDS } from '../../contract/schemas.js';

export type ThemeField = (typeof THEME_COLOR_FIELDS)[number];
export type ThemeColors = Record<ThemeField, string>;
export type ThemeName = 'light' | 'dark';

/** WCAG 2.x AA for normal-size text. */
export const AA_CONTRAST = 4.5;

/** What a page without themeColors looks like: readable in both schemes. */
export const DEFAULT_THEMES: Record<ThemeName, ThemeColors> = {
  light: {
    bodyBackgroundColor: '#FFFFFF',
    headerBackgroundColor: '#1F2937',
    headerFontColor: '#FFFFFF',
    titleFontColor: '#111827',
    bodyFontColor: '#1F2937',
    bodyFontColorMuted: '#4B5563',
    navigationFontColor: '#E5E7EB',
    linkFontColor: '#1D4ED8',
    cardBackgroundColor: '#F9FAFB',
    borderColor: '#D1D5DB',
    primaryButtonBackgroundColor: '#1D4ED8',
    primaryButtonFontColor: '#FFFFFF',
  },
  dark: {
    bodyBackgroundColor: '#111827',
    headerBackgroundColor: '#030712',
    headerFontColor: '#F9FAFB',
    titleFontColor: '#F9FAFB',
    bodyFontColor: '#E5E7EB',
    bodyFontColorMuted: '#9CA3AF',
    navigationFontColor: '#D1D5DB',
    linkFontColor: '#93C5FD',
    cardBackgroundColor: '#1F2937',
    borderColor: '#374151',
    primaryButtonBackgroundColor: '#1D4ED8',
    primaryButtonFontColor: '#FFFFFF',
  },
};

/**
 * Each text-on-background pair the template draws, as the CSS variable the template uses for
 * that text. The variable holds the text field's color, or the fallback when the pair fails.
 */
export const TEXT_PAIRS = [
  { variable: '--header-text', text: 'headerFontColor', background: 'headerBackgroundColor' },
  { variable: '--nav-text', text: 'navigationFontColor', background: 'headerBackgroundColor' },
  { variable: '--title-text', text: 'titleFontColor', background: 'bodyBackgroundColor' },
  { variable: '--body-text', text: 'bodyFontColor', background: 'bodyBackgroundColor' },
  { variable: '--muted-text', text: 'bodyFontColorMuted', background: 'bodyBackgroundColor' },
  { variable: '--link-text', text: 'linkFontColor', background: 'bodyBackgroundColor' },
  { variable: '--card-text', text: 'bodyFontColor', background: 'cardBackgroundColor' },
  { variable: '--card-muted-text', text: 'bodyFontColorMuted', background: 'cardBackgroundColor' },
  { variable: '--card-link-text', text: 'linkFontColor', background: 'cardBackgroundColor' },
  { variable: '--button-text', text: 'primaryButtonFontColor', background: 'primaryButtonBackgroundColor' },
] as const satisfies readonly { variable: string; text: ThemeField; background: ThemeField }[];

export interface ContrastOverride {
  theme: ThemeName;
  /** The text field that was not used for this pair. */
  field: ThemeField;
  color: string;
  background: ThemeField;
  backgroundColor: string;
  ratio: number;
  /** What the pair is drawn with instead. */
  replacement: string;
}

/** WCAG 2.x relative luminance (colord's luminance() is rounded to 2 decimals, too coarse near 4.5:1). */
function luminance(color: string): number {
  const { r, g, b } = colord(color).toRgb();
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The WCAG contrast ratio of two colors, unrounded. */
export function contrast(foreground: string, background: string): number {
  const a = luminance(foreground);
  const b = luminance(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** Black or white, whichever contrasts more with the background (at least 4.58:1 either way). */
function readableOn(background: string): string {
  return contrast('#000000', background) >= contrast('#FFFFFF', background) ? '#000000' : '#FFFFFF';
}

export interface ThemeVariables {
  /** CSS declarations: the fields (`--bodyBackgroundColor: #FFFFFF`) and the text pairs. */
  declarations: string;
  overrides: ContrastOverride[];
}

export function themeVariables(theme: ThemeName, colors: ThemeColors): ThemeVariables {
  const declarations: string[] = [];
  const overrides: ContrastOverride[] = [];
  for (const [field, color] of Object.entries(colors)) declarations.push(`--${field}:${color}`);
  for (const pair of TEXT_PAIRS) {
    const color = colors[pair.text];
    const backgroundColor = colors[pair.background];
    const ratio = contrast(color, backgroundColor);
    let value = color;
    if (ratio < AA_CONTRAST) {
      value = readableOn(backgroundColor);
      overrides.push({ theme, field: pair.text, color, background: pair.background, backgroundColor, ratio, replacement: value });
    }
    declarations.push(`${pair.variable}:${value}`);
  }
  return { declarations: declarations.join(';'), overrides };
}

export interface PageTheme {
  /** The `:root` rules (and the media query for AUTO). */
  css: string;
  /** `light dark`, `light` or `dark`: the browser's own widgets follow it. */
  colorScheme: string;
  overrides: ContrastOverride[];
}

export function pageTheme(page: Pick<StatusPage, 'themeColors' | 'defaultTheme'>): PageTheme {
  const colors = page.themeColors ?? DEFAULT_THEMES;
  const light = themeVariables('light', colors.light);
  const dark = themeVariables('dark', colors.dark);
  switch (page.defaultTheme ?? 'AUTO') {
    case 'LIGHT':
      return { css: `:root{color-scheme:light;${light.declarations}}`, colorScheme: 'light', overrides: light.overrides };
    case 'DARK':
      return { css: `:root{color-scheme:dark;${dark.declarations}}`, colorScheme: 'dark', overrides: dark.overrides };
    default:
      return {
        css: `:root{color-scheme:light dark;${light.declarations}}` + `@media (prefers-color-scheme:dark){:root{${dark.declarations}}}`,
        colorScheme: 'light dark',
        overrides: [...light.overrides, ...dark.overrides],
      };
  }
}

export function describeOverride(override: ContrastOverride): string {
  return (
    `${override.theme} theme: ${override.field} ${override.color} on ${override.background} ${override.backgroundColor} ` +
    `has a contrast of ${override.ratio.toFixed(2)}:1, below the ${AA_CONTRAST}:1 of WCAG AA; drawn with ${override.replacement} instead`
  );
}
