// How a generation shapes tool outcomes where Codex versions differ; the texts themselves come from
// the pack. A profile names its style (CompatProfile.toolOutputs).

export interface ToolOutputStyle {
  /** A truncated exec output begins with the pack's `truncation_warning.md` line (0.169). */
  readonly truncationWarning: boolean;
  /**
   * How view_image hands the image over: `user_message` answers with `view_image.txt` and records the
   * image as a user message after the output (0.98); `output_content` makes the image itself the
   * call's output, an `input_image` content item (0.169).
   */
  readonly imageResult: 'user_message' | 'output_content';
  /**
   * What the end-of-command event (exec `command_execution` items) reports as output for a command
   * that ended within exec_command's own wait: the output as the model was shown it, truncation
   * included (0.98), or everything the command printed (0.169).
   */
  readonly endEventOutput: 'shown' | 'all';
  /**
   * How a command the OS sandbox refused is reported: as the generation's own error (the pack's
   * `sandbox_denied.md`, 0.98), or as an ordinary exec result with the command's output (0.169).
   */
  readonly sandboxDenial: 'error_frame' | 'exec_result';
}

export const CODEX_098_TOOL_OUTPUTS: ToolOutputStyle = { truncationWarning: false, imageResult: 'user_message', endEventOutput: 'shown', sandboxDenial: 'error_frame' };
export const CODEX_0169_TOOL_OUTPUTS: ToolOutputStyle = { truncationWarning: true, imageResult: 'output_content', endEventOutput: 'all', sandboxDenial: 'exec_result' };
