export const root: string;
export const src: string;
export function sourceFiles(): string[];
export function resolveImport(from: string, specifier: string): string | null;
export function importsOf(file: string): { target: string; typeOnly: boolean }[];
export function featureOf(file: string): string | null;
export function cyclesOf(graph: Map<string, Iterable<string>>): string[][];
export function moduleGraph(files?: string[]): Map<string, string[]>;
export function featureGraph(files?: string[]): Map<string, Set<string>>;
