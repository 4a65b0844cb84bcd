// view_image reads the file's type from its bytes: a missing file and a file that is no supported
// image get clear errors; a PNG reaches the model as the generation does (0.98: a text answer and the
// image as a user message after it; 0.169: the image itself as the output, detail "original").
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODEX_0169_TOOL_OUTPUTS, CODEX_098_TOOL_OUTPUTS } from '../../../src/tools/tool-output-style.js';
import { viewImage } from '../../../src/tools/view-image.js';
import { execToolContext, toolCall } from '../../support/exec-tool-context.js';
import { tempDir } from '../../support/temp-tree.js';
import { weftToolTexts } from '../../support/tool-texts.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR42mP4z8DAAMIM/4EAAB/uBfvxq7p3AAAAAElFTkSuQmCC', 'base64');
const DATA_URL = `data:image/png;base64,${PNG.toString('base64')}`;

describe('view_image', () => {
  it('names a missing file and why it cannot be read', async () => {
    const cwd = await tempDir('weft-img-');
    const result = await viewImage(toolCall('view_image', { path: 'nope.png' }), execToolContext({ cwd }));
    const file = path.join(cwd, 'nope.png');
    expect(result).toEqual({ output: weftToolTexts.imageNotFound(file, `ENOENT: no such file or directory, open '${file}'`), success: false });
  });

  it('refuses a file that is not an image, whatever its name', async () => {
    const cwd = await tempDir('weft-img-');
    await writeFile(path.join(cwd, 'fake.png'), 'just text');
    const result = await viewImage(toolCall('view_image', { path: 'fake.png' }), execToolContext({ cwd }));
    expect(result).toEqual({ output: weftToolTexts.imageUnsupported(path.join(cwd, 'fake.png')), success: false });
  });

  it('0.98: answers with the pack text and follows with the image as a user message', async () => {
    const cwd = await tempDir('weft-img-');
    await writeFile(path.join(cwd, 'tiny.png'), PNG);
    const result = await viewImage(toolCall('view_image', { path: path.join(cwd, 'tiny.png') }), execToolContext({ cwd, style: CODEX_098_TOOL_OUTPUTS }));
    expect(result).toEqual({
      output: weftToolTexts.imageAttached(),
      success: true,
      followUp: [{ type: 'message', role: 'user', content: [{ type: 'input_image', image_url: DATA_URL }] }],
    });
  });

  it('0.169: the image is the output itself', async () => {
    const cwd = await tempDir('weft-img-');
    await writeFile(path.join(cwd, 'tiny.bin'), PNG);
    const result = await viewImage(toolCall('view_image', { path: 'tiny.bin' }), execToolContext({ cwd, style: CODEX_0169_TOOL_OUTPUTS }));
    expect(result).toEqual({ output: [{ type: 'input_image', image_url: DATA_URL, detail: 'original' }], success: true });
  });
});
