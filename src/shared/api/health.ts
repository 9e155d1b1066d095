/** The health check a load balancer asks (src/shared/route.ts). */
export const healthApi = {
  /**
   * 200 when the database answers, 503 otherwise.
   * @caller public
   */
  check: 'GET /healthz',
} as const;
