// The model catalog request of a ChatGPT sign-in (Codex 0.169): `GET <provider base>/models?
// client_version=…` with `version`, the bearer, the account id, `originator`, the user agent and
// `accept: */*`, in that order, after a refresh when one is due. An agent identity's is the same
// with an `AgentAssertion` of its task in place of the bearer (observed). The provider base is
// `openai_base_url`, else the ChatGPT backend's Codex path: `chatgpt_base_url` does not move it.
import { ModelsResponse } from '../../protocol/models-cache.js';
import type { CaTrust } from '../auth/ca-trust.js';
import { jsonOf, smallRequest } from '../auth/https-request.js';
import type { ListedModels } from '../client/list-models.js';
import { LIST_MODELS_TIMEOUT_MS } from '../client/list-models.js';
import { ApiError } from '../errors.js';

/** The catalog request's credential: the whole `Authorization` value and the account id. */
export interface CatalogCredential {
  readonly authorization: string;
  readonly accountId: string | undefined;
}

export interface SignedInCatalog {
  readonly baseUrl: string;
  readonly credential: () => Promise<CatalogCredential>;
  readonly originator: string;
  readonly userAgent: string;
  readonly trust: CaTrust | undefined;
}

export async function listModelsSignedIn(signedIn: SignedInCatalog, clientVersion: string): Promise<ListedModels> {
  const credential = await signedIn.credential();
  const url = `${signedIn.baseUrl.replace(/\/+$/, '')}/models?client_version=${encodeURIComponent(clientVersion)}`;
  const answer = await smallRequest({
    method: 'GET',
    url,
    headers: [
      ['version', clientVersion],
      ['authorization', credential.authorization],
      ...(credential.accountId !== undefined ? ([['chatgpt-account-id', credential.accountId]] as const) : []),
      ['originator', signedIn.originator],
      ['user-agent', signedIn.userAgent],
      ['accept', '*/*'],
    ],
    trust: signedIn.trust,
    timeoutMs: LIST_MODELS_TIMEOUT_MS,
  });
  if (answer.status < 200 || answer.status > 299) throw new ApiError(`the model catalog request answered HTTP ${answer.status}`, answer.status);
  const catalog = ModelsResponse.safeParse(jsonOf(answer));
  if (!catalog.success) throw new ApiError('the model catalog answer has no `models` list');
  const etag = answer.headers.etag;
  return { models: catalog.data.models, etag: typeof etag === 'string' && etag !== '' ? etag : undefined };
}
