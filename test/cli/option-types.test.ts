// Type-level tests: commands' options are typed from their declarations
// (@commander-js/extra-typings), so an action cannot read an option that was not declared or
// take a value of another type. tsc checks these lines (npm run check); the runtime asserts
// check that the parsed values are what the types say.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { choiceOption } from '../../src/cli/runtime/command-kit.js';
import { declareProgram, type GlobalOptions } from '../../src/cli/runtime/globals.js';

describe('typed options', () => {
  it('a choice option is typed as the union of its values, parsed in any case', () => {
    const program = declareProgram().exitOverride();
    let seen: unknown;
    program
      .command('pick')
      .addOption(choiceOption('--size <size>', 'a size', ['SMALL', 'LARGE'] as const))
      .action((options) => {
        expectTypeOf(options.size).toEqualTypeOf<'SMALL' | 'LARGE' | undefined>();
        // @ts-expect-error an undeclared option does not exist on the options
        seen = options.colour;
        seen = options.size;
      });
    program.parse(['pick', '--size', 'large'], { from: 'user' });
    expect(seen).toBe('LARGE');
    const option = program.commands[0]!.options.find((candidate) => candidate.long === '--size');
    expect(option?.argChoices).toEqual(['SMALL', 'LARGE']);
  });

  it('an action gets the global options with their declared types', () => {
    const program = declareProgram().exitOverride();
    let globals: GlobalOptions | undefined;
    program.command('noop').action((_options, command) => {
      globals = command.optsWithGlobals();
      expectTypeOf(globals.timeout).toEqualTypeOf<number>();
      expectTypeOf(globals.output).toEqualTypeOf<'table' | 'json' | 'md'>();
      // @ts-expect-error --timeout is a number, not a string
      const timeout: string = globals.timeout;
      expect(typeof timeout).toBe('number');
    });
    program.parse(['-o', 'json', '--timeout', '5', 'noop'], { from: 'user' });
    expect(globals).toMatchObject({ output: 'json', timeout: 5 });
  });

  it('a run function whose options interface disagrees with the declaration does not compile', () => {
    const program = declareProgram().exitOverride();
    const runNeedsNumber = (options: { limit: number }) => options.limit;
    const command = program.command('list').option('--limit <n>', 'how many');
    // @ts-expect-error --limit is declared without a parser, so it is a string (or missing)
    command.action((options) => runNeedsNumber(options));
    expect(command.name()).toBe('list');
  });
});
