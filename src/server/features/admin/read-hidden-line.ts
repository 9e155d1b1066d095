/** The parts of a TTY's streams the prompt uses (process.stdin / process.stdout). */
export interface PromptStreams {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?(mode: boolean): unknown };
  stdout: NodeJS.WritableStream;
}

/**
 * Reads one line from a terminal without echoing it: raw mode, so the characters are never
 * shown, not even as asterisks. Enter ends the line, Backspace deletes, Ctrl-C cancels.
 */
export function readHiddenLine(prompt: string, { stdin, stdout }: PromptStreams): Promise<string> {
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      stdin.removeListener('data', onData);
      stdin.setRawMode?.(false);
      stdin.pause();
      stdout.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of String(chunk)) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish();
        if (char === '\u0003') return finish(new Error('cancelled'));
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else if (char >= ' ') value += char;
      }
    };
    stdout.write(prompt);
    stdin.setRawMode?.(true);
    stdin.on('data', onData);
    stdin.resume();
  });
}
