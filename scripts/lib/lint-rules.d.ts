import type { ESLint } from 'eslint';

/** Why a file (relative to src/) may not import another, or null when it may. */
export function boundaryProblem(from: string, to: string): string | null;
declare const plugin: ESLint.Plugin;
export default plugin;
