export * from './public-forms';
export * from './jobs';
export * from './admin';
export * from './donations';
export * from './app-secrets';
export * from './ojc';
export * from './videos';
export * from './integrations';
