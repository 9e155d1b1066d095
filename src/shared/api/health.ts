/** The health check a load balancer asks (src/shared/route.ts). */
export const healthApi = {
  check: 'GET /healthz',
} as const;
