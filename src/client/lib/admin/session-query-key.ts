export const sessionQueryKey = ['admin', 'session'] as const;
