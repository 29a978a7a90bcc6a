// The API's enumerations as plain lists: the schemas build their zod enums from these, and the
// CLI checks option values against them without loading zod.
export const INCIDENT_STATUSES = ['INVESTIGATING', 'IDENTIFIED', 'MONITORING', 'RESOLVED'] as const;
export const SEVERITIES = ['CRITICAL', 'MAJOR', 'MEDIUM', 'MINOR'] as const;
export const RUNTIME_STAGES = ['ALPHA', 'BETA', 'CURRENT', 'DEPRECATED', 'REMOVED', 'STABLE'] as const;
export const HEARTBEAT_STATES = ['RECEIVED', 'EARLY', 'GRACE', 'LATE', 'FAILING'] as const;
export const SUCCESS_HEARTBEAT_STATES: ReadonlySet<string> = new Set(['RECEIVED', 'EARLY', 'GRACE']);
export const SUBSCRIPTION_TYPES = ['EMAIL'] as const;
export const SUBSCRIPTION_STATUSES = ['PENDING', 'VERIFIED'] as const;
