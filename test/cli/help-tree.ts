// The command tree as the program's own help shows it, so a test that walks every command picks
// up one added later without being told.

/** Names listed under "Commands:" in a commander help text (the implicit `help` left out). */
export function commandsIn(help: string): string[] {
  const section = help.split(/^Commands:\n/m)[1];
  if (!section) return [];
  const names: string[] = [];
  for (const line of section.split('\n')) {
    // The section ends at an empty line; a description's own paragraph breaks are indented.
    if (line === '') break;
    const match = /^ {2}([a-z][\w-]*)/.exec(line);
    if (match && match[1] !== 'help') names.push(match[1]!);
  }
  return names;
}

/** The example command lines (`  $ statusctl ...`) of a help text, without the `$ `. */
export function examplesIn(help: string): string[] {
  return [...help.matchAll(/^ {2}\$ (.+)$/gm)].map((match) => match[1]!.trimEnd());
}

/**
 * Every command's help, from the root down: [path, help text] pairs. `helpOf` runs
 * `statusctl ...path --help`. One noun at a time (its verbs in parallel), so that a busy
 * machine is not swamped with processes.
 */
export async function helpTree(helpOf: (path: string[]) => Promise<string>): Promise<[string[], string][]> {
  const tree: [string[], string][] = [];
  const visit = async (path: string[]): Promise<void> => {
    const help = await helpOf(path);
    tree.push([path, help]);
    await Promise.all(commandsIn(help).map((child) => visit([...path, child])));
  };
  const root = await helpOf([]);
  tree.push([[], root]);
  for (const noun of commandsIn(root)) await visit([noun]);
  return tree;
}
