// Params of Codex 0.169's `modelProvider/config/write` (`v2/ModelProviderConfigWriteParams`): a
// provider's settings patch; omitted fields are kept, null clears a nullable one.
import { z } from 'zod';

const CustomGatewayPatch = z
  .object({
    type: z.literal('customGateway'),
    providerId: z.string().nullish(),
    name: z.string().optional(),
    baseUrl: z.string().nullable().optional(),
    envKey: z.string().nullable().optional(),
  })
  .strict();
const BedrockPatch = z
  .object({ type: z.literal('bedrock'), providerId: z.enum(['amazon-bedrock', 'amazon-bedrock-runtime']), profile: z.string().nullish(), region: z.string().nullish() })
  .strict();
const GcpPatch = z
  .object({ type: z.literal('gcp'), providerId: z.literal('gcp'), credentialFile: z.string().nullish(), location: z.string().nullish(), projectId: z.string().nullish() })
  .strict();

export const ModelProviderConfigWriteParams0169 = z.object({ settings: z.discriminatedUnion('type', [CustomGatewayPatch, BedrockPatch, GcpPatch]) }).strict();
