// Types of request-shapes.mjs, for the tests that call it.
import type { RequestShape } from 'statusctl:request-shapes';

export const REQUEST_SHAPES_MODULE: string;
export function shapeOf(schema: unknown): RequestShape;
export function requestShapes(operations: unknown): Record<string, { query?: RequestShape; body?: RequestShape }>;
export const NAMED: string[];
export function loadContract(): Promise<{ operations: Record<string, unknown>; schemas: Record<string, unknown> }>;
export function requestShapesSource(): Promise<string>;
export function requestShapesEsbuild(): unknown;
export function requestShapesVite(): unknown;
