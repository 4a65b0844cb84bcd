// An ACP prompt as app-server turn input: text as text, images as data URLs, an embedded resource
// (a file the editor attached) as text that names it, a resource link as its URI.
import type { ContentBlock } from '@agentclientprotocol/sdk';
import type { Json } from './app-server-link.js';

const textInput = (text: string): Json => ({ type: 'text', text, text_elements: [] });

export function promptInput(prompt: readonly ContentBlock[]): Json[] {
  return prompt.flatMap((block): Json[] => {
    switch (block.type) {
      case 'text':
        return [textInput(block.text)];
      case 'image':
        return [{ type: 'image', url: block.uri && !block.data ? block.uri : `data:${block.mimeType};base64,${block.data}` }];
      case 'resource_link':
        return [textInput(block.uri)];
      case 'resource': {
        const r = block.resource;
        return 'text' in r ? [textInput(`${r.uri}\n${r.text}`)] : [textInput(r.uri)];
      }
      default:
        return [];
    }
  });
}
