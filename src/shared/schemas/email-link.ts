import * as z from 'zod/mini';
import { emailField } from './common';

/**
 * The form that asks for an emailed single-use link (names for prayer, 'My giving'). Its own
 * module, so the pages that load common.ts first do not carry it.
 */
export const emailLinkRequest = z.object({ email: emailField() });
