// The factory a command's context hands out (src/cli/runtime/factory.ts), over a real config
// file in a temporary directory and a terminal over buffers: which value of each setting wins
// and what it says about where it came from, which profile is in use, and that nothing is read
// before a command asks for it. The commands' own tests (config, auth, errors) run the same
// rules through the built CLI.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CliError, ExitCode } from '../../src/cli/errors/exit-codes.js';
import { testStreams } from '../../src/cli/iostreams/test-streams.js';
import { type ClientOptions, Factory } from '../../src/cli/runtime/factory.js';
import { DEFAULT_BASE_URL } from '../../src/cli/settings/config.js';
import { removeTempDirs, tempConfigDir } from '../support/cli.js';
import { testClock } from '../support/clock.js';

afterAll(removeTempDirs);

interface Setup {
  globals?: ClientOptions;
  env?: Record<string, string>;
  /** The config file's content: an object written as JSON, or a text as it is. */
  config?: object | string;
}

function factoryWith({ globals = {}, env = {}, config }: Setup = {}) {
  const dir = tempConfigDir();
  if (config !== undefined) writeFileSync(join(dir, 'config.json'), typeof config === 'string' ? config : JSON.stringify(config));
  // No OS credential store: a profile's key is the one in the file.
  const streams = testStreams({ env: { STATUSCTL_CONFIG_DIR: dir, STATUSCTL_NO_KEYRING: '1', ...env } });
  return { factory: new Factory(globals, streams.io, testClock()), streams };
}

const profile = { baseUrl: 'https://profile.example', apiKey: 'profile-key', accountId: '00000000-0000-4000-8000-0000000000e5' };

async function failure(promise: Promise<unknown>): Promise<CliError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

describe('the factory', () => {
  it('takes each setting from the option, then the environment, then the profile, and says which', async () => {
    const { factory } = factoryWith({
      globals: { baseUrl: 'https://option.example' },
      env: { STATUSCTL_API_KEY: 'env-key' },
      config: { profiles: { default: profile } },
    });
    const settings = await factory.settings();
    expect(settings).toMatchObject({
      profile: 'default',
      baseUrl: 'https://option.example',
      apiKey: 'env-key',
      accountId: '00000000-0000-4000-8000-0000000000e5',
    });
    expect(settings.sources).toMatchObject({ baseUrl: 'option', apiKey: 'environment', accountId: 'profile' });
  });

  it('falls back to the default base URL, and finds a key saved in the file there', async () => {
    const empty = await factoryWith().factory.settings();
    expect(empty).toMatchObject({ baseUrl: DEFAULT_BASE_URL, apiKey: undefined });
    expect(empty.sources).toMatchObject({ baseUrl: 'default', apiKey: 'unset', accountId: 'unset' });
    const saved = await factoryWith({ config: { profiles: { default: profile } } }).factory.settings();
    expect(saved).toMatchObject({ apiKey: 'profile-key' });
    expect(saved.sources.apiKey).toBe('file');
  });

  it('uses the profile named by --profile, then STATUSCTL_PROFILE, then the file, then default', () => {
    const config = { defaultProfile: 'staging', profiles: { staging: profile, production: profile } };
    expect(
      factoryWith({ globals: { profile: 'production' }, env: { STATUSCTL_PROFILE: 'staging' }, config }).factory.profileChoice,
    ).toEqual({
      name: 'production',
      source: 'option',
    });
    expect(factoryWith({ env: { STATUSCTL_PROFILE: 'production' }, config }).factory.profileChoice).toEqual({
      name: 'production',
      source: 'environment',
    });
    expect(factoryWith({ config }).factory.profileChoice).toEqual({ name: 'staging', source: 'file' });
    expect(factoryWith().factory.profileChoice).toEqual({ name: 'default', source: 'default' });
  });

  it('refuses a named profile the file does not hold, naming the closest (exit 2)', async () => {
    const { factory } = factoryWith({ globals: { profile: 'stagin' }, config: { profiles: { staging: profile } } });
    const error = await failure(factory.settings());
    expect(error.exitCode).toBe(ExitCode.usage);
    expect(error.message).toMatch(/--profile names the profile 'stagin', which is not in .*config\.json \(did you mean staging\?\)/);
  });

  it('reads nothing before it is asked: a broken config file fails only the settings that need it', async () => {
    const broken = factoryWith({ config: '{ not json' });
    broken.streams.io.out('printed without settings');
    expect(broken.streams.stdout()).toBe('printed without settings\n');
    expect((await failure(broken.factory.settings())).message).toMatch(/config file .*config\.json is not valid JSON: line 1, column 3/);

    // Everything the API needs given otherwise: the file is passed over, said once however often the settings are read.
    const given = factoryWith({
      globals: { baseUrl: 'https://option.example', apiKey: 'option-key', accountId: 'option-account' },
      config: '{ not json',
    });
    await given.factory.settings();
    await given.factory.settings();
    const warnings = given.streams.stderr().split('\n').filter(Boolean);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^warning: .*config\.json.*; not read, as options and variables give the base URL, API key and account id$/,
    );
  });

  it('makes no client without a key (exit 3), and one client a run otherwise', async () => {
    const keyless = factoryWith();
    const error = await failure(keyless.factory.client());
    expect(error.exitCode).toBe(ExitCode.auth);
    expect(error.hint).toMatch(/statusctl login/);

    const { factory } = factoryWith({ config: { profiles: { default: profile } } });
    const client = await factory.client();
    expect(await factory.client()).toBe(client);
  });
});
