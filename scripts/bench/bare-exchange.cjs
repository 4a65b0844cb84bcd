// The floor a one-shot `weft exec` is measured against, beside `node -e 0`: a bare Node program that
// does the exchange every exec does and nothing else. It loads node:http, node:crypto and node:fs,
// POSTs a small Responses request to the mock (argv[2]: its /responses URL), reads the whole event
// stream, writes one file (argv[3]) and prints one JSON line. No config, no pack, no context, no
// rollout format: whatever weft takes beyond this is weft's own start-up.
'use strict';
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const { writeFileSync } = require('node:fs');

const body = JSON.stringify({ model: 'gpt-5.5', input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }], stream: true });
const request = http.request(process.argv[2], { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (response) => {
  const chunks = [];
  response.on('data', (chunk) => chunks.push(chunk));
  response.on('end', () => {
    const events = Buffer.concat(chunks).toString('utf8');
    writeFileSync(process.argv[3], `${JSON.stringify({ id: randomUUID(), events })}\n`);
    process.stdout.write(`${JSON.stringify({ type: 'turn.completed', bytes: events.length })}\n`);
  });
});
request.on('error', (err) => {
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 1;
});
request.end(body);
