// What every answer's content type promises and what a request's text must be: JSON answers say
// nosniff, whatever the route and however early the answer; a body is UTF-8 text, and nothing
// else is stored.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { expectError, incidentBody, startTestServer, TWO_ACCOUNTS } from './helpers.js';

describe('every JSON answer says nosniff', () => {
  it('on a success, an error of the pipeline, an answer before the body, the contract and a request the parser refuses', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const answers = {
      ok: await server.call('GET', '/v1/runtimes'),
      contract: await server.call('GET', '/openapi.json', { key: null }),
      noKey: await server.call('GET', '/v1/runtimes', { key: null }),
      unknown: await server.call('GET', '/v1/nothing-here'),
      invalid: await server.call('POST', '/v1/status-pages/incidents', { body: {} }),
      tooLarge: await server.call('POST', '/v1/status-pages/incidents', {
        rawBody: Buffer.alloc(2 * 1024 * 1024, 'x'),
        headers: { 'content-type': 'application/json' },
      }),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.headers.get('content-type'), name).toMatch(/^application\/json/);
      expect(answer.headers.get('x-content-type-options'), name).toBe('nosniff');
    }
    expect(answers.tooLarge.status).toBe(413);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1');
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
      socket.write('GET /v1/runtimes HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw.toLowerCase()).toContain('x-content-type-options: nosniff');
  });
});

describe('text is UTF-8: ill-formed Unicode and other charsets are refused, nothing is stored', () => {
  it('answers 400 naming each field that holds a lone surrogate, 400 for bytes that are not UTF-8, 415 for another charset', async () => {
    const server = await startTestServer(TWO_ACCOUNTS);
    const body = await incidentBody(server);
    const json = JSON.stringify(body);
    const before = (await server.call('GET', '/v1/status-pages/incidents?limit=100')).text;
    const post = (rawBody: string | Buffer, contentType = 'application/json') =>
      server.call('POST', '/v1/status-pages/incidents', { rawBody, headers: { 'content-type': contentType } });

    // JSON.stringify writes a lone surrogate as the escape `\ud800`: valid JSON, no Unicode text.
    const lone = await post(JSON.stringify({ ...body, name: 'Checkout \ud800 down', incidentUpdates: [{ description: '\udc00' }] }));
    const error = expectError(lone, 400);
    expect(error.details).toEqual([
      { path: 'name', message: 'holds a lone UTF-16 surrogate: not Unicode text' },
      { path: 'incidentUpdates[0].description', message: 'holds a lone UTF-16 surrogate: not Unicode text' },
    ]);
    expect(error.message).toContain('name: ');
    const inKey = expectError(await post(json.replace('"name"', '"na\\udbffme"')), 400);
    expect(inKey.details?.[0]?.path).toBe('na\udbffme');
    // A surrogate pair (one emoji) is Unicode text: accepted, and read back the same.
    const emoji = await post(JSON.stringify({ ...body, name: 'Checkout \ud83d\udd25 down' }));
    expect(emoji.status, emoji.text).toBe(201);
    expect(emoji.json.name).toBe('Checkout 🔥 down');

    // Bytes that are not UTF-8: a Latin-1 é, a lone continuation byte, an encoded surrogate, an overlong slash.
    for (const bad of [[0xe9], [0x80], [0xed, 0xa0, 0x80], [0xc0, 0xaf]]) {
      const bytes = Buffer.concat([Buffer.from(json.slice(0, 10)), Buffer.from(bad), Buffer.from(json.slice(10))]);
      const refused = expectError(await post(bytes), 400);
      expect(refused.details, bad.join(' ')).toEqual([{ path: 'body', message: 'is not valid UTF-8' }]);
    }

    // A charset other than UTF-8 is 415, whatever the bytes; UTF-8 spelled any way is fine.
    for (const charset of ['iso-8859-1', 'ISO-8859-1', '"latin1"', 'utf-16', 'windows-1252']) {
      const refused = expectError(await post(Buffer.from(json, 'latin1'), `application/json; charset=${charset}`), 415);
      expect(refused.message).toContain('UTF-8');
    }
    for (const charset of ['utf-8', 'UTF-8', '"utf-8"', 'utf8']) {
      expect((await post(json, `application/json; charset=${charset}`)).status, charset).toBe(201);
    }

    // Every list answer still parses as strict JSON, and nothing refused was stored.
    const after = await server.call('GET', '/v1/status-pages/incidents?limit=100');
    expect(after.text.includes('\\ud8') || after.text.includes('\\udc') || after.text.includes('\ufffd')).toBe(false);
    expect(after.json.entries).toHaveLength(JSON.parse(before).entries.length + 5);
  });
});
