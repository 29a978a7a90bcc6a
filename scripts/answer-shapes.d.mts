// Types of answer-shapes.mjs, for the tests that call it.
import type { AnswerShape } from 'statusctl:answer-shapes';

export const ANSWER_SHAPES_MODULE: string;
export function typesOnly(node: unknown, used?: Set<string>): AnswerShape;
export function answerShapes(document?: unknown): {
  routes: Record<string, Record<string, AnswerShape | null>>;
  components: Record<string, AnswerShape>;
};
export function answerShapesSource(document?: unknown): string;
export function answerShapesEsbuild(): unknown;
export function answerShapesVite(): unknown;
