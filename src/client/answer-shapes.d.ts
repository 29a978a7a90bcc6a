// The module the build makes from the hosted API's document (scripts/answer-shapes.mjs): what a
// success answer of each of its routes may be. Read by answer-check.ts.
declare module 'statusctl:answer-shapes' {
  /** A schema of the document cut down to what is checked: types and required fields. */
  export interface AnswerShape {
    /** A component of the document, by name (`components`). */
    readonly $ref?: string;
    readonly type?: string | readonly string[];
    readonly required?: readonly string[];
    readonly properties?: Readonly<Record<string, AnswerShape>>;
    readonly items?: AnswerShape;
    readonly additionalProperties?: AnswerShape;
    readonly allOf?: readonly AnswerShape[];
    readonly anyOf?: readonly AnswerShape[];
  }
  /** `METHOD path` (as the table writes it) -> success status -> its body's shape; null: no body. */
  export const routes: Readonly<Record<string, Readonly<Record<string, AnswerShape | null>>>>;
  /** The document's components that the routes use, by name. */
  export const components: Readonly<Record<string, AnswerShape>>;
}
