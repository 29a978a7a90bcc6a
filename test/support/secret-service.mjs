// A Secret Service of its own for a test or a benchmark: a private D-Bus session bus in a
// temporary directory and, on it, a gnome-keyring-daemon with a fresh keyring (unlocked with a
// known password, then locked if asked). Nothing of the developer's session is reached: the bus
// knows no service files (so nothing is started on demand) and HOME and the XDG directories are
// temporary too. The Debian packages come from scripts/system-deps/keyring.sh.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const TOOLS = ['dbus-daemon', 'dbus-send', 'gdbus', 'gnome-keyring-daemon', 'secret-tool'];

/** The tools that are missing (empty when a Secret Service can be started here). */
export async function missingSecretServiceTools() {
  if (process.platform !== 'linux') return TOOLS;
  const found = await Promise.all(
    TOOLS.map((tool) =>
      run('sh', ['-c', `command -v ${tool}`]).then(
        () => true,
        () => false,
      ),
    ),
  );
  return TOOLS.filter((_, index) => !found[index]);
}

const LOGIN_COLLECTION = '/org/freedesktop/secrets/collection/login';

/**
 * keyring: 'unlocked' (a login keyring, unlocked), 'locked' (the same, then locked: with no
 * prompter, unlocking is refused), 'absent' (the bus alone: no Secret Service on it).
 */
export async function startSecretService({ keyring = 'unlocked' } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'statusctl-secret-service-'));
  const runtime = join(dir, 'run');
  mkdirSync(runtime, { mode: 0o700 });
  const config = join(dir, 'bus.conf');
  writeFileSync(
    config,
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=${runtime}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`,
  );
  const bus = spawn('dbus-daemon', [`--config-file=${config}`, '--nofork', '--print-address=1'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const address = await new Promise((resolve, reject) => {
    let text = '';
    bus.stdout.setEncoding('utf8').on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(text.split('\n')[0]);
    });
    bus.once('error', reject);
    bus.once('exit', (code) => reject(new Error(`dbus-daemon exited with ${code} before giving its address`)));
  });
  const env = {
    HOME: join(dir, 'home'),
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_CACHE_HOME: join(dir, 'cache'),
    XDG_RUNTIME_DIR: runtime,
    DBUS_SESSION_BUS_ADDRESS: address,
  };
  const childEnv = { ...process.env, ...env };
  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  const stop = async () => {
    for (const child of [...children, bus].reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (keyring !== 'absent') {
      // In the foreground, so that it is this process's child to stop; the password on stdin
      // creates the login keyring and unlocks it.
      const daemon = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], {
        env: childEnv,
        stdio: ['pipe', 'ignore', 'ignore'],
      });
      children.push(daemon);
      daemon.stdin.end('test-keyring-password');
      // Returns once the daemon owns the Secret Service's name on the bus.
      await run('gdbus', ['wait', '--session', '--timeout', '60', 'org.freedesktop.secrets'], { env: childEnv });
    }
    const service = {
      dir,
      env,
      /** `secret-tool ARGS` on this bus: its stdout, or null when it exits non-zero (nothing found). */
      secretTool: (args) =>
        run('secret-tool', args, { env: childEnv }).then(
          (result) => result.stdout,
          () => null,
        ),
      /** Locks the login keyring, as a screen lock or `secret-tool lock` would. */
      lock: () =>
        run(
          'dbus-send',
          [
            '--session',
            '--print-reply',
            '--dest=org.freedesktop.secrets',
            '/org/freedesktop/secrets',
            'org.freedesktop.Secret.Service.Lock',
            `array:objpath:${LOGIN_COLLECTION}`,
          ],
          { env: childEnv },
        ).then(() => undefined),
      stop,
    };
    if (keyring === 'locked') await service.lock();
    return service;
  } catch (error) {
    await stop();
    throw error;
  }
}
