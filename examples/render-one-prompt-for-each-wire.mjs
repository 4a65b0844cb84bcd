import { renderAnthropicBody, renderChatBody } from 'weft';

const prompt = {
  instructions: 'Answer in one word.',
  input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Capital of France?' }] }],
  tools: [],
  parallelToolCalls: false,
};
const settings = { model: { slug: 'some-model' } };
console.log(JSON.stringify(renderChatBody(prompt, settings).messages));
console.log(JSON.stringify(renderAnthropicBody(prompt, settings).system));
