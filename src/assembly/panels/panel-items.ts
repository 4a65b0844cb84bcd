// Panels as conversation items (seed 000): each panel is a fake `dynamic_panel` call the assistant
// "made" and its result, so the model reads panels as data it asked for, not as instructions. The
// items are canonical Responses items; each wire renderer turns them into its own shape like any
// other call. A footer pair closes the panels; the Anthropic renderer also repeats the system
// instructions after them.
import type { ResponseItem } from '../../../protocol/responses-items.js';
import { assistantMessage, textMessage } from '../../history/message.js';
import type { Panel } from './panel-registry.js';
import type { PanelTexts } from './panel-texts.js';

export const PANEL_TOOL_NAME = 'dynamic_panel';
export const FOOTER_CALL_ID = 'panel_footer';

export function panelCallId(panelId: string): string {
  return `panel_${panelId}`;
}

export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

function assistantTexts(texts: readonly string[]): ResponseItem {
  return { type: 'message', role: 'assistant', content: texts.map((text) => ({ type: 'output_text' as const, text })) };
}

/** One panel: the assistant's texts (the header when it opens the panels, its time) + call + result. */
export function panelItems(panel: Panel, texts: PanelTexts, opts: { leading: boolean }): ResponseItem[] {
  const callId = panelCallId(panel.id);
  return [
    assistantTexts([...(opts.leading ? [texts.header()] : []), texts.timestamp(isoTime(panel.lastRefreshMs))]),
    { type: 'function_call', name: PANEL_TOOL_NAME, arguments: JSON.stringify({ id: panel.id }), call_id: callId },
    { type: 'function_call_output', call_id: callId, output: texts.item(panel.id, panel.header, panel.content) },
  ];
}

/** The pair after the last panel; `messageTimes` lines each end in `\n` (may be empty). */
export function footerItems(texts: PanelTexts, nowMs: number, messageTimes = ''): ResponseItem[] {
  return [
    assistantTexts([texts.footer(messageTimes, isoTime(nowMs))]),
    { type: 'function_call', name: PANEL_TOOL_NAME, arguments: JSON.stringify({ action: 'end_panels' }), call_id: FOOTER_CALL_ID },
    { type: 'function_call_output', call_id: FOOTER_CALL_ID, output: texts.footerAck() },
  ];
}

/** The system instructions repeated after the panels (Anthropic only), and the acknowledgement. */
export function seedItems(texts: PanelTexts, instructions: string): ResponseItem[] {
  return [textMessage('user', texts.seedRepeat(instructions)), assistantMessage(texts.seedAck())];
}
