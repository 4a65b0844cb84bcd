import { readdirSync, readFileSync } from 'node:fs';
import { readRollout } from '../../src/thread/rollout-reader.js';
import { getProfile } from '../../src/profile/profiles.js';
import { loadPack } from '../../src/pack/load-pack.js';
import { contextPrefixes, isRealUserMessage } from '../../src/history/context-messages.js';
import { replayRollout } from '../../src/view/rollout-replay.js';
import { renderRequestBody, settingsOf } from '../../src/view/request-body.js';
import { isDeepStrictEqual } from 'node:util';
for (const gen of ['codex-0.98', 'codex-0.169'] as const) {
  const dir = `/work/shared/conformance/${gen}`;
  const profile = getProfile(gen);
  const pack = profile.loadPack ? await profile.loadPack(`${dir}/pack`) : await loadPack(`${dir}/pack`, profile.packLayout);
  const kit = { pack, catalog: pack.json<any>('models.json').models, packTools: profile.packTools ? profile.packTools(pack) : pack.json<any>('tools.json'), modelFacts: (m: any) => m, compactPrompt: undefined, installationId: undefined, providerId: 'mock', instructionsOverride: undefined };
  const prefixes = contextPrefixes(pack);
  for (const sc of readdirSync(`${dir}/scenarios`)) {
    const sdir = `${dir}/scenarios/${sc}`;
    const reqs = readdirSync(`${sdir}/requests`).map((f) => JSON.parse(readFileSync(`${sdir}/requests/${f}`, 'utf8'))).filter((r) => r.path.endsWith('/responses'));
    let ok = 0, bad = 0, count = 0; const notes: string[] = [];
    const byThread = new Map<string, any[]>();
    for (const r of reqs) { const k = r.body.prompt_cache_key; byThread.set(k, [...(byThread.get(k) ?? []), r.body]); }
    for (const f of readdirSync(`${sdir}/rollouts`)) {
      const records = await readRollout(`${sdir}/rollouts/${f}`);
      let replay;
      try { replay = replayRollout(records, f, { isRealUser: (i) => isRealUserMessage(i, prefixes), initialContext: (tc, meta) => profile.buildInitialContext(pack, settingsOf(kit as any, tc, meta), '') }); } catch (e) { notes.push(`${f}: ${e}`); continue; }
      const id = (replay.meta as any).id;
      const sent = byThread.get(id) ?? [];
      count += sent.length;
      replay.requests.forEach((rq, i) => {
        const body: any = JSON.parse(JSON.stringify(renderRequestBody(kit as any, replay, rq)));
        const want = sent[i];
        if (!want) { bad++; notes.push(`${f}#${i} extra`); return; }
        const a = structuredClone(body), b = structuredClone(want);
        delete a.client_metadata; delete b.client_metadata; for (const x of [a,b]) if (x.input?.[0]?.role==='developer' && typeof x.input[0].id==='string') x.input[0].id='BASE';
        if (isDeepStrictEqual(a, b)) ok++; else { bad++; const keys = Object.keys(b).filter((k) => !isDeepStrictEqual(a[k], b[k])); let d=''; if (keys.includes('input')) { const j = b.input.findIndex((x: any, n: number) => !isDeepStrictEqual(x, a.input[n])); d = ` input[${j}] got ${JSON.stringify(a.input[j])?.slice(0,150)} want ${JSON.stringify(b.input[j])?.slice(0,150)} lens ${a.input.length}/${b.input.length}`; } notes.push(`${f}#${i} ${rq.kind} differs: ${keys}${d}`); }
      });
      if (replay.requests.length < sent.length) notes.push(`${f}: ${sent.length - replay.requests.length} missing`);
    }
    console.log(gen, sc, `ok ${ok} bad ${bad} sent ${count}`, notes.slice(0, 3).join(' | '));
  }
}
