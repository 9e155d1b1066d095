export const minimumNodeVersion: string;
export function loadSettingsFile(dir?: string): string | null;
export function nodeVersionProblem(version?: string): string | null;
export function prepareSettings(dir?: string): string | null;
