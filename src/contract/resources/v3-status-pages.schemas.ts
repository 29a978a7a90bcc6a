// Status pages of the current generation (`/v3/status-pages`), their components and their custom
// domain's verification, as the hosted document states them (docs/api-rules.md#v3-status-pages).
import { z } from 'zod';
import { Guid, NonEmpty } from './schema-parts.js';
import { DateOnly, paginated } from './shared.schemas.js';
import { THEME_COLOR_FIELDS, ThemeColors } from './status-pages.schemas.js';

/** Upstream `x-format: { uri: { scheme: [http, https] } }`. */
const HttpUrl = z.url({ protocol: /^https?$/, error: 'expected an http or https URL' });

const V3ThemeColors = z.object({ light: ThemeColors, dark: ThemeColors });

const HexColor = z.string().regex(/^#([0-9A-F]{3}|[0-9A-F]{6})$/, 'expected an upper-case hex color like #1A2B3C');
/** One theme's colors as a client writes them: every field, each described. */
const ThemeColorsInput = z.strictObject(
  Object.fromEntries(
    THEME_COLOR_FIELDS.map((field) => [field, HexColor.meta({ description: `${field}: an upper-case hex color like #1A2B3C` })]),
  ) as Record<(typeof THEME_COLOR_FIELDS)[number], typeof HexColor>,
);
const DefaultTheme = z.enum(['LIGHT', 'DARK', 'AUTO']);
const AnalyticsTag = z
  .string()
  .max(255)
  .regex(/^[A-Za-z0-9-]+$/, 'expected letters, digits and dashes');

/** A V3 status page, as answered: every optional field present, null or its default when not set. */
export const V3StatusPage = z.object({
  id: z.string(),
  accountId: z.string(),
  version: z.literal(3),
  name: z.string(),
  url: z.string(),
  description: z.string().max(500).nullable(),
  customDomain: z.string().nullable(),
  themeColors: V3ThemeColors.nullable(),
  logo: z.string().nullable(),
  logoDark: z.string().nullable(),
  redirectTo: z.string().nullable(),
  favicon: z.string().nullable(),
  defaultTheme: DefaultTheme,
  privacyPolicyLink: z.string().nullable(),
  termsOfServiceLink: z.string().nullable(),
  footerText: z.string().nullable(),
  googleAnalyticsTag: z.string().nullable(),
  allowIndexing: z.boolean(),
  created_at: DateOnly,
  updated_at: DateOnly.nullable(),
});

export const V3StatusPageList = paginated(V3StatusPage);

const link = (what: string) =>
  HttpUrl.max(255)
    .nullable()
    .optional()
    .meta({ description: `${what}: an http(s) URL, at most 255 characters` });
const image = (what: string) =>
  HttpUrl.nullable()
    .optional()
    .meta({ description: `${what}: an http(s) URL` });

/** What a create or a PUT sends (upstream's PublicStatusPageV3Mutation): a PUT replaces the page, a field left out is reset. */
export const V3StatusPageInput = z.strictObject({
  name: NonEmpty.meta({ description: 'the page title' }),
  url: NonEmpty.meta({
    description: "the page's slug, stored lower-cased; unique among the account's status pages, V3 and v2",
  }),
  description: NonEmpty.max(500).nullable().optional().meta({ description: 'shown under the title, at most 500 characters' }),
  customDomain: NonEmpty.nullable().optional().meta({
    description: 'a custom domain such as status.example.com, stored lower-cased; see get_v3_custom_domain_verification',
  }),
  themeColors: z
    .strictObject({
      light: ThemeColorsInput.meta({ description: 'the colors of the light theme' }),
      dark: ThemeColorsInput.meta({ description: 'the colors of the dark theme' }),
    })
    .nullable()
    .optional()
    .meta({ description: 'light and dark theme colors, each field an upper-case hex color like #1A2B3C; null: the default theme' }),
  logo: image('logo'),
  logoDark: image('logo for the dark theme'),
  redirectTo: image('where the logo links to'),
  favicon: image('favicon'),
  defaultTheme: DefaultTheme.optional().meta({ description: 'LIGHT, DARK or AUTO (follows the visitor); default AUTO' }),
  privacyPolicyLink: link('privacy policy'),
  termsOfServiceLink: link('terms of service'),
  footerText: z.string().max(1000).nullable().optional().meta({ description: 'footer text, at most 1000 characters' }),
  googleAnalyticsTag: AnalyticsTag.nullable().optional().meta({ description: 'a Google Analytics tag: letters, digits and dashes' }),
  allowIndexing: z.boolean().optional().meta({ description: 'let search engines index the page; default true' }),
});

export const V3ComponentType = z.enum(['SERVICE', 'GROUP']);

/** A component of a V3 page: a SERVICE, or a GROUP holding components (parentId). */
export const V3Component = z.object({
  id: z.string(),
  statusPageId: z.string(),
  type: V3ComponentType,
  name: z.string(),
  description: z.string().nullable(),
  displayOrder: z.number().int(),
  hidden: z.boolean(),
  parentId: z.string().nullable(),
  created_at: DateOnly,
  updated_at: DateOnly.nullable(),
});

export const V3ComponentList = paginated(V3Component);

/** What a create or a PUT of a component sends (upstream's PublicStatusPageV3ComponentMutation); a PUT replaces it. */
export const V3ComponentInput = z.strictObject({
  type: V3ComponentType.optional().meta({ description: 'SERVICE (default) or GROUP; only a GROUP holds components' }),
  name: NonEmpty.meta({ description: 'the component name shown on the page' }),
  description: NonEmpty.nullable().optional().meta({ description: 'shown with the component' }),
  displayOrder: z.number().int().meta({ description: 'its place among its siblings: lower first, then by name' }),
  hidden: z.boolean().optional().meta({ description: 'kept off the public page; default false' }),
  parentId: Guid.nullable().optional().meta({
    description: 'the GROUP of the same page it sits under; null or left out: at the top',
  }),
});

/** The DNS record proving a custom domain is the page owner's. */
export const V3OwnershipVerification = z.object({
  type: z.enum(['txt', 'cname']),
  name: z.string(),
  value: z.string(),
});

/** The state of a page's custom domain: pending until a recheck finds it (the reference server looks nothing up). */
export const V3CustomDomainVerification = z.object({
  status: z.string(),
  sslStatus: z.string(),
  validationMethod: z.enum(['txt', 'http']),
  ownershipVerification: V3OwnershipVerification,
});

export type V3StatusPage = z.infer<typeof V3StatusPage>;
export type V3Component = z.infer<typeof V3Component>;
export type V3CustomDomainVerification = z.infer<typeof V3CustomDomainVerification>;
