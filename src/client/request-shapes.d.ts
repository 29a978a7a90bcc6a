// The module the build makes from the contract's request schemas (scripts/request-shapes.mjs):
// what the client may send as each operation's query and body. Read by request-check.ts.
declare module 'statusctl:request-shapes' {
  /** A request schema as data: `t` its kind, `c` its checks in zod's order, the rest by kind. */
  export interface RequestShape {
    readonly t: string;
    readonly c?: readonly (readonly unknown[])[];
    /** enum: the values taken. */
    readonly v?: readonly unknown[];
    /** optional, nullable: the inner shape; tuple: its items. */
    readonly i?: RequestShape | readonly RequestShape[];
    /** array: the items' shape. */
    readonly e?: RequestShape;
    /** tuple: the rest's shape. */
    readonly r?: RequestShape;
    /** union: the options. */
    readonly o?: readonly RequestShape[];
    /** object: its fields, and what other fields may be (`strict`: none, `strip`: anything, or a shape). */
    readonly s?: Readonly<Record<string, RequestShape>>;
    readonly x?: 'strict' | 'strip' | RequestShape;
    /** pipe: the shape of the input, then of what it gives. */
    readonly in?: RequestShape;
    readonly out?: RequestShape;
    /** transform: `Number`, or null for one whose result is not checked again. */
    readonly f?: string | null;
  }
  /** operation id -> the shapes of its query and body (`{ query?, body? }`), as JSON text. */
  export const shapes: Readonly<Record<string, string>>;
  /** Schemas the CLI checks a value against besides a request, by their names in schemas.ts (NAMED in the script). */
  /** Each a RequestShape as JSON text. */
  export const named: Readonly<Record<string, string>>;
}
